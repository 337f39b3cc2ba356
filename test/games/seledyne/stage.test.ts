/**
 * §5 Stage end, the last round, safety rules, scoring, totals, start marker, game end.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { describe, expect, it } from 'vitest';
import type { SeledyneEvent, StageScore } from '../../../services/engine/games/seledyne/events.js';
import { total } from '../../../services/engine/games/seledyne/cards.js';
import { deadlocked } from '../../../services/engine/games/seledyne/flow.js';
import { drawsEarned } from '../../../services/engine/games/seledyne/plan.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { addScore, positivePoints, stageScores, startAfterStage, winners } from '../../../services/engine/games/seledyne/scoring.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { c, cs, given, givenAfter, restOf, scripted, tableGame, type Arrangement, type Move, roundByRound } from './helpers.js';

const rest = (house: Parameters<typeof restOf>[0], ...taken: string[]) => restOf(house, ...taken).map((x) => x.id);
const zero = (seat: number): StageScore => ({ seat, positive: 0, negative: 0, score: 0, total: 0, raw: 0 });

describe('§5.1 stage-end trigger and the last round', () => {
  // §5.1 example: three players, P1 (seat 0) starts. P2 gives its last card; P3 gifts; the continuation follows.
  const example: Arrangement = {
    hands: [['NAB-01', 'NAB-02'], ['SAL-02'], ['YAR-03', 'YAR-04', 'YAR-05', 'YAR-09']],
    reserves: [rest('NAB', 'NAB-01', 'NAB-02', 'NAB-07'), [], rest('YAR', 'YAR-03', 'YAR-04', 'YAR-05', 'YAR-09')],
    counters: [[], [], ['NAB-07']],
    dice: [1, 3, 5],
    start: 0,
  };
  const o = { stages: 1 };
  const trigger: Move[] = [
    [0, { type: 'pass' }],
    [1, { type: 'gift', target: 0, cards: ['SAL-02'] }],
  ];

  it('§5.1 giving away the last house card (hand and reserve empty) triggers the last round', () => {
    givenAfter(example, o, [[0, { type: 'pass' }]])
      .when(1, { type: 'gift', target: 0, cards: ['SAL-02'] })
      .then([
        { type: 'Gifted', seat: 1, target: 0, cards: [c('SAL-02')], difference: 2 },
        { type: 'LastRoundTriggered', seat: 1 },
        { type: 'TurnEnded', seat: 1, gifted: true, auto: true },
      ]);
  });

  it('§5.1 worked example: the rest of the round, then the same order with the same dice until N turns in a row pass', () => {
    const p3 = givenAfter(example, o, [...trigger, [2, { type: 'gift', target: 0, cards: ['YAR-04'] }]]);
    // no round end, no draw, no roll: the continuation goes on with P1
    p3.when(2, { type: 'endTurn' }).then([{ type: 'TurnEnded', seat: 2, gifted: true, auto: false }]);
    const moves: Move[] = [...trigger, [2, { type: 'gift', target: 0, cards: ['YAR-04'] }], [2, { type: 'endTurn' }]];
    const streaks: number[] = [];
    const steps: Move[] = [
      [0, { type: 'pass' }], // P1 passes (1), P2 is passed automatically (2)
      [2, { type: 'tribute', card: 'NAB-07' }],
      [2, { type: 'confirmTribute', boost: true }],
      [2, { type: 'gift', target: 0, cards: ['YAR-05'] }],
      [2, { type: 'endTurn' }], // P3 tributes and gifts (0)
      [0, { type: 'pass' }], // P1 (1), P2 (2)
    ];
    for (const step of steps) {
      moves.push(step);
      const s = givenAfter(example, o, moves).state;
      streaks.push(s.nonGiftStreak);
      expect(s.players.map((p) => p.die)).toEqual([1, 3, 5]);
    }
    expect(streaks).toEqual([2, 2, 2, 2, 0, 2]);
    givenAfter(example, o, moves)
      .when(2, { type: 'pass' }) // P3 passes (3 = N): the stage ends
      .then([
        { type: 'TurnEnded', seat: 2, gifted: false, auto: false },
        {
          type: 'StageEnded',
          stage: 1,
          reason: 'lastRound',
          scores: [{ seat: 0, positive: 7, negative: 11, score: -4, total: 0, raw: 0 }, zero(1), zero(2)],
          startSeat: null,
          winners: [0, 1, 2],
        },
      ]);
  });

  it('§5.1 no trigger while the reserve still holds cards', () => {
    const a: Arrangement = { ...example, reserves: [rest('NAB', 'NAB-01', 'NAB-02', 'NAB-07'), ['SAL-09'], rest('YAR', 'YAR-03', 'YAR-04', 'YAR-05', 'YAR-09')] };
    const events = givenAfter(a, o, [[0, { type: 'pass' }]]).when(1, { type: 'gift', target: 0, cards: ['SAL-02'] }).events();
    expect(events.map((e) => e.type)).not.toContain('LastRoundTriggered');
  });

  it('§5.1 §7.1 (14) a later player emptying hand and reserve has no further effect', () => {
    const two: Arrangement = { hands: [['NAB-01', 'NAB-02'], ['SAL-02'], ['YAR-04']], reserves: [rest('NAB', 'NAB-01', 'NAB-02'), [], []], dice: [1, 3, 5] };
    const g = givenAfter(two, o, trigger);
    const events = g.when(2, { type: 'gift', target: 0, cards: ['YAR-04'] }).events();
    expect(events).toEqual([
      { type: 'Gifted', seat: 2, target: 0, cards: [c('YAR-04')], difference: 4 },
      { type: 'TurnEnded', seat: 2, gifted: true, auto: true },
    ]);
    const s = g.when(2, { type: 'gift', target: 0, cards: ['YAR-04'] }).state();
    expect([s.lastRound, s.triggerSeat, s.phase, s.current]).toEqual([true, 1, 'turn', 0]);
  });

  // Seat 0 rolled 6 and uses the Six Rule (die 5); seat 1 triggers by gifting to seat 2; seat 2 passes.
  const six: Arrangement = {
    hands: [['NAB-01', 'NAB-02', 'NAB-04'], ['SAL-02'], ['YAR-01']],
    reserves: [rest('NAB', 'NAB-01', 'NAB-02', 'NAB-04'), [], rest('YAR', 'YAR-01')],
    dice: [6, 3, 1],
    sixWindow: true,
  };
  const sixTrigger: Move[] = [
    [0, { type: 'sixRule', use: true, card: 'NAB-09' }],
    [0, { type: 'pass' }],
    [1, { type: 'gift', target: 2, cards: ['SAL-02'] }],
    [2, { type: 'pass' }],
  ];

  it('§7.1 (16) a die turned to 5 by the Six Rule stays 5 through the continuation', () => {
    const g = givenAfter(six, o, sixTrigger);
    expect([g.state.phase, g.state.round, g.state.current, g.state.players.map((p) => p.die)]).toEqual(['turn', 1, 0, [5, 3, 1]]);
    g.when(0, { type: 'gift', target: 2, cards: ['NAB-04'] }).then([{ type: 'Gifted', seat: 0, target: 2, cards: [c('NAB-04')], difference: 4 }]);
  });

  it('§7.1 (12–13) in the continuation the triggering player may receive gifts, and they count against it', () => {
    const g = givenAfter(six, o, [...sixTrigger, [0, { type: 'gift', target: 1, cards: ['NAB-02'] }], [0, { type: 'endTurn' }], [2, { type: 'pass' }]]);
    expect(g.state.players[1]!.counter).toEqual([c('NAB-02')]);
    const end = g.when(0, { type: 'pass' }).events().at(-1);
    expect(end).toMatchObject({ type: 'StageEnded', reason: 'lastRound' });
    expect((end as Extract<SeledyneEvent, { type: 'StageEnded' }>).scores[1]).toMatchObject({ negative: 2, score: -2 });
  });

  it('A17 lastRoundTermination NO_LEGAL_GIFT: the stage ends as soon as no player can reach a gift', () => {
    const stuck: Arrangement = {
      hands: [['NAB-10'], ['SAL-02'], ['YAR-09']],
      reserves: [[], [], ['YAR-08']],
      dice: [1, 3, 2],
    };
    const events = givenAfter(stuck, { ...o, lastRoundTermination: 'NO_LEGAL_GIFT' }, [[0, { type: 'pass' }]])
      .when(1, { type: 'gift', target: 0, cards: ['SAL-02'] })
      .events();
    expect(events.map((e) => e.type)).toEqual(['Gifted', 'LastRoundTriggered', 'TurnEnded', 'StageEnded']);
    expect(events.at(-1)).toMatchObject({ reason: 'noLegalGift' });
    const n = givenAfter(stuck, o, [[0, { type: 'pass' }]])
      .when(1, { type: 'gift', target: 0, cards: ['SAL-02'] })
      .events();
    expect(n.map((e) => e.type)).toEqual(['Gifted', 'LastRoundTriggered', 'TurnEnded']);
  });

  /** Seat 0: empty hand, Salaist's 6 in its counter (a draw, then a gift of 3 or 2 to seat 2). */
  const emptyHand: Arrangement = {
    hands: [[], ['SAL-02'], ['YAR-10']],
    reserves: [rest('NAB'), [], []],
    counters: [['SAL-06'], [], []],
    dice: [3, 3, 1],
    start: 1,
  };

  it('A17 NO_LEGAL_GIFT with A30: an empty hand whose tribute leads to a gift keeps the last round going', () => {
    const a = emptyHand;
    const g = given(a, { ...o, lastRoundTermination: 'NO_LEGAL_GIFT' });
    const events = g.when(1, { type: 'gift', target: 2, cards: ['SAL-02'] }).events();
    expect(events.map((e) => e.type)).toEqual(['Gifted', 'LastRoundTriggered', 'TurnEnded', 'TurnEnded']);
    expect(seledyne.legalCommands(g.when(1, { type: 'gift', target: 2, cards: ['SAL-02'] }).state(), 0)).toEqual([{ type: 'tribute', card: 'SAL-06' }, { type: 'pass' }]);
  });

  it('A17 NO_LEGAL_GIFT with A30 emptyHandMayTribute=false: an empty hand cannot tribute, so a tribute that would lead to a gift does not keep the last round going', () => {
    // Seat 0's only way to a gift is a tribute from its empty hand.
    const a = emptyHand;
    const events = given(a, { ...o, lastRoundTermination: 'NO_LEGAL_GIFT', emptyHandMayTribute: false }).when(1, { type: 'gift', target: 2, cards: ['SAL-02'] }).events();
    expect(events.map((e) => e.type)).toEqual(['Gifted', 'LastRoundTriggered', 'TurnEnded', 'StageEnded']);
    expect(events.at(-1)).toMatchObject({ reason: 'noLegalGift' });
  });

  it('A17 N_CONSECUTIVE_NON_GIFT: an exchange alone does not keep the last round alive (§7.1 24)', () => {
    const a: Arrangement = {
      hands: [['NAB-04', 'NAB-10'], ['SAL-02'], ['YAR-09']],
      reserves: [['NAB-08'], [], []],
      dice: [1, 3, 2],
    };
    const moves: Move[] = [
      [0, { type: 'pass' }],
      [1, { type: 'gift', target: 0, cards: ['SAL-02'] }], // the trigger turn resets the count; seat 2 can only pass: it passes automatically (1)
      [0, { type: 'exchange', give: 'NAB-10', take: 'NAB-08' }],
    ];
    const events = givenAfter(a, o, moves).when(0, { type: 'pass' }).events();
    expect(events.map((e) => e.type)).toEqual(['TurnEnded', 'TurnEnded', 'StageEnded']);
  });
});

describe('§5.2 safety rules', () => {
  const high: Arrangement = { hands: [['NAB-07', 'NAB-08'], ['SAL-09', 'SAL-10']], reserves: [[], []], dice: [3, 3] };

  it('A23 deadlockDetection true: at a round end, when no card can ever pay a difference, the stage ends', () => {
    given(high, { stages: 1 })
      .when(0, { type: 'pass' })
      .then([
        { type: 'TurnEnded', seat: 0, gifted: false, auto: false },
        { type: 'TurnEnded', seat: 1, gifted: false, auto: true },
        { type: 'StageEnded', stage: 1, reason: 'deadlock', scores: [zero(0), zero(1)], startSeat: null, winners: [0, 1] },
      ]);
  });

  it('A23 deadlockDetection false: rounds go on (here every turn is a forced pass) until the round cap', () => {
    const events = roundByRound(given(high, { stages: 1, deadlockDetection: false }).when(0, { type: 'pass' }).events());
    expect(events.filter((e) => e.type === 'RoundEnded')).toHaveLength(99);
    expect(events.at(-1)).toMatchObject({ type: 'StageEnded', reason: 'roundCap' });
  });

  it('A23 a counter card could raise the die enough: no deadlock', () => {
    const a: Arrangement = { ...high, counters: [['SAL-01', 'SAL-02'], []] };
    const events = roundByRound(given(a, { stages: 1 }).when(0, { type: 'pass' }).events());
    expect(events.map((e) => e.type)).toContain('RoundEnded');
    expect(events.map((e) => (e.type === 'StageEnded' ? e.reason : null))).not.toContain('deadlock');
  });

  it('§5.2 A23 A24 neither the deadlock check nor the round cap runs in the continuation', () => {
    // seat 1 gives its last card; then no card can ever pay a difference (deadlock), in round 1 of a 1-round cap
    const dead: Arrangement = { hands: [['NAB-10'], ['SAL-02']], reserves: [[], []], dice: [1, 3] };
    const g = givenAfter(dead, { stages: 1, maxRoundsPerStage: 1 }, [[0, { type: 'pass' }]]);
    const events = g.when(1, { type: 'gift', target: 0, cards: ['SAL-02'] }).events();
    expect(deadlocked(g.when(1, { type: 'gift', target: 0, cards: ['SAL-02'] }).state())).toBe(true);
    expect(events.map((e) => (e.type === 'TurnEnded' ? `${e.type} ${e.seat}` : e.type))).toEqual([
      'Gifted',
      'LastRoundTriggered',
      'TurnEnded 1',
      'TurnEnded 0',
      'TurnEnded 1',
      'StageEnded',
    ]);
    expect(events.at(-1)).toMatchObject({ reason: 'lastRound' });
  });

  const low: Arrangement = { hands: [['NAB-01'], ['SAL-01']], dice: [3, 3] };

  it('A24 maxRoundsPerStage: a stage without a last round ends after that many rounds', () => {
    const events = givenAfter(low, { maxRoundsPerStage: 1, stages: 1 }, [[0, { type: 'pass' }]]).when(1, { type: 'pass' }).events();
    expect(events.at(-1)).toMatchObject({ type: 'StageEnded', reason: 'roundCap' });
    expect(givenAfter(low, {}, [[0, { type: 'pass' }]]).when(1, { type: 'pass' }).events().at(-1)).toEqual({ type: 'RoundEnded', round: 2, startSeat: 1 });
  });

  it('A24 maxRoundsPerStage null: no cap', () => {
    const s = givenAfter(low, { maxRoundsPerStage: null }, [[0, { type: 'pass' }]]).state;
    const late: State = { ...s, round: 500 };
    const events = seledyne.decide(late, { type: 'pass' }, 1, scripted());
    expect(events.at(-1)).toEqual({ type: 'RoundEnded', round: 501, startSeat: 1 });
  });
});

describe('§5.3 stage scoring (worked example: N, S, Y)', () => {
  const isthamRows: [string, number][] = [
    ['NAB-03', 1],
    ['NAB-06', 2],
    ['NAB-02', 1],
    ['SAL-05', 0],
    ['SAL-01', 2],
    ['YAR-04', 0],
    ['YAR-08', 1],
  ];
  const position = (mode: 'CARD_OWNER' | 'TRIBUTER') => {
    const s = given({ hands: [[], [], []], dice: [1, 1, 1] }, { positiveScoring: mode }).state;
    const counters = [cs('SAL-07', 'YAR-01'), cs('NAB-04'), []];
    return {
      ...s,
      players: s.players.map((p, i) => ({ ...p, counter: counters[i]! })),
      istham: isthamRows.map(([id, tributedBy]) => ({ card: c(id), tributedBy, stage: 1, round: 1 })),
    };
  };

  it('A18 positiveScoring CARD_OWNER: each Isthām card scores for its house (N +3, S +2, Y +12)', () => {
    expect(stageScores(position('CARD_OWNER')).map((x) => [x.positive, x.negative, x.score])).toEqual([
      [11, 8, 3],
      [6, 4, 2],
      [12, 0, 12],
    ]);
  });

  it('A18 positiveScoring TRIBUTER: each Isthām card scores for the player who tributed it (N +1, S +9, Y +7)', () => {
    expect(stageScores(position('TRIBUTER')).map((x) => [x.positive, x.negative, x.score])).toEqual([
      [9, 8, 1],
      [13, 4, 9],
      [7, 0, 7],
    ]);
  });

  it('§5.3 under both readings the positives add up to the total of Isthām (29); hands and reserves count for nothing', () => {
    for (const mode of ['CARD_OWNER', 'TRIBUTER'] as const) {
      const s = position(mode);
      expect(positivePoints(s.players, s.istham, mode).reduce((a, b) => a + b, 0)).toBe(29);
    }
  });
});

describe('§5.4–§5.7 totals, start marker and the winner', () => {
  it('A19 scoreFloorMode PERSISTENT_CLAMP: 3, then −10 gives 0, then +6 gives 6', () => {
    const a = addScore({ total: 3, raw: 3 }, -10, 'PERSISTENT_CLAMP');
    expect(a).toEqual({ total: 0, raw: 0 });
    expect(addScore(a, 6, 'PERSISTENT_CLAMP')).toEqual({ total: 6, raw: 6 });
  });

  it('A19 scoreFloorMode FINAL_CLAMP: the raw sum is kept (−7, then −1), shown as 0', () => {
    const a = addScore({ total: 3, raw: 3 }, -10, 'FINAL_CLAMP');
    expect(a).toEqual({ total: 0, raw: -7 });
    expect(addScore(a, 6, 'FINAL_CLAMP')).toEqual({ total: 0, raw: -1 });
  });

  it('A19 scoreFloorMode FINAL_CLAMP: winners are ranked by the shown total max(0, raw): raw −5 and −3 both show 0 and share the win', () => {
    const five = addScore({ total: 0, raw: -2 }, -3, 'FINAL_CLAMP');
    const three = addScore({ total: 0, raw: 0 }, -3, 'FINAL_CLAMP');
    expect([five, three]).toEqual([
      { total: 0, raw: -5 },
      { total: 0, raw: -3 },
    ]);
    const scores: StageScore[] = [five, three].map((x, seat) => ({ seat, positive: 0, negative: 3, score: -3, ...x }));
    expect(winners(scores, 'SHARED')).toEqual([0, 1]);
  });

  const sc = (seat: number, total: number, score: number, negative = 0): StageScore => ({ seat, positive: score + negative, negative, score, total, raw: total });

  it('A21 startMarkerAfterStage HIGHEST_TOTAL: highest total, then higher stage score, then counter-clockwise from the last holder', () => {
    expect(startAfterStage([sc(0, 10, 4), sc(1, 10, 6), sc(2, 8, 9)], 0, 'HIGHEST_TOTAL')).toBe(1);
    expect(startAfterStage([sc(0, 5, 5), sc(1, 2, 2), sc(2, 5, 5)], 1, 'HIGHEST_TOTAL')).toBe(2);
    expect(startAfterStage([sc(0, 5, 5), sc(1, 5, 5), sc(2, 5, 5)], 2, 'HIGHEST_TOTAL')).toBe(2);
  });

  it('A21 startMarkerAfterStage HIGHEST_STAGE_SCORE: the best stage score takes the marker', () => {
    expect(startAfterStage([sc(0, 10, 4), sc(1, 10, 6), sc(2, 8, 9)], 0, 'HIGHEST_STAGE_SCORE')).toBe(2);
  });

  it('A22 winnerTieBreak SHARED: everyone on the top total shares the win', () => {
    expect(winners([sc(0, 12, 3), sc(1, 12, 7), sc(2, 5, 9)], 'SHARED')).toEqual([0, 1]);
  });

  it('A22 winnerTieBreak CHAIN: the higher last-stage score, then the lower counter sum, then shared', () => {
    expect(winners([sc(0, 12, 3), sc(1, 12, 7), sc(2, 5, 9)], 'CHAIN')).toEqual([1]);
    expect(winners([sc(0, 12, 3, 4), sc(1, 12, 3, 2), sc(2, 5, 9)], 'CHAIN')).toEqual([1]);
    expect(winners([sc(0, 12, 3, 2), sc(1, 12, 3, 2)], 'CHAIN')).toEqual([0, 1]);
  });

  it('A11 sixMultipleMode CUMULATIVE: the running total of tributes starts again at 0 in every stage', () => {
    const g = tableGame(3, { sixMultipleMode: 'CUMULATIVE', maxRoundsPerStage: 4 }, 'cumulative-stages');
    const carried: number[] = [];
    let prev = g.state.play as State | null;
    g.run(() => {
      const s = g.state.play as State;
      if (prev && s.stage > prev.stage) {
        carried.push(Math.max(...prev.players.map((p) => p.tributedSum)));
        expect(s.players.map((p) => p.tributedSum)).toEqual([0, 0, 0]);
      }
      prev = s;
      return false;
    });
    expect(carried).toHaveLength(2);
    expect(Math.max(...carried)).toBeGreaterThan(0); // a stage ended with tributes counted, so the reset is seen
    // Each seat's first tribute of a stage earns its draws from 0, not from the last stage's total.
    const firsts = new Set<string>();
    let stage = 0;
    for (const e of g.events as SeledyneEvent[]) {
      if (e.type === 'StageStarted') stage = e.stage;
      if (e.type !== 'Tributed' || firsts.has(`${stage}:${e.seat}`)) continue;
      firsts.add(`${stage}:${e.seat}`);
      expect(e.drawsEarned, `stage ${stage}, seat ${e.seat}`).toBe(drawsEarned('CUMULATIVE', total(e.cards), 0));
    }
  });

  it('§5.7 A20 three stages; before stages 2 and 3 every card returns to its owner and the setup is repeated; totals are kept', () => {
    const g = tableGame(3, { maxRoundsPerStage: 3 }, 'three-stages');
    const starts: State[] = [];
    g.run(() => {
      const s = g.state.play as State;
      if (s.round === 1 && s.stage > starts.length) starts.push(s);
      return false;
    });
    expect(g.state.ended).toBe(true);
    const ends = (g.events as SeledyneEvent[]).flatMap((e) => (e.type === 'StageEnded' ? [e] : []));
    expect(ends.map((e) => e.stage)).toEqual([1, 2, 3]);
    expect(starts.map((s) => s.stage)).toEqual([1, 2, 3]);
    starts.slice(1).forEach((s, i) => {
      expect(s.startSeat).toBe(ends[i]!.startSeat);
      expect(s.players.map((p) => p.total)).toEqual(ends[i]!.scores.map((x) => x.total));
      expect(s.istham).toEqual([]);
      s.players.forEach((p) => {
        expect(p.counter).toEqual([]);
        expect(p.hand.length + p.reserve.length).toBe(10);
      });
    });
    const final = ends[2]!;
    expect(final.startSeat).toBeNull();
    expect(g.t.status(g.state).result).toEqual({ scores: final.scores.map((x) => x.total), winners: final.winners });
    const sum = (seat: number) => ends.reduce((t, e) => t + e.scores[seat]!.score, 0);
    final.scores.forEach((x) => expect(x.total).toBeGreaterThanOrEqual(Math.max(0, sum(x.seat))));
  });

  it('§5.6 after a stage the start marker goes to the highest total (who that is depends on A18)', () => {
    const a: Arrangement = { hands: [['NAB-01', 'NAB-07'], ['SAL-09']], reserves: [[], []], counters: [['SAL-02'], []], dice: [3, 3] };
    const moves: Move[] = [
      [0, { type: 'tribute', card: 'SAL-02' }],
      [0, { type: 'confirmTribute', boost: true }],
    ];
    const gift = { type: 'gift', target: 1, cards: ['NAB-01'] };
    // after the gift only "end" is left, and then seat 1 can only pass: both happen automatically
    const owner = givenAfter(a, {}, moves).when(0, gift, scripted()).events();
    expect(owner.slice(0, 3).map((e) => e.type)).toEqual(['Gifted', 'TurnEnded', 'TurnEnded']);
    expect(owner[3]).toMatchObject({ type: 'StageEnded', reason: 'deadlock', startSeat: 1, scores: [{ total: 0 }, { positive: 2, negative: 1, total: 1 }] });
    expect(owner[4]).toMatchObject({ type: 'StageStarted', stage: 2, startSeat: 1 });
    const tributer = givenAfter(a, { positiveScoring: 'TRIBUTER' }, moves).when(0, gift, scripted()).events();
    expect(tributer[3]).toMatchObject({ type: 'StageEnded', startSeat: 0, scores: [{ total: 2 }, { total: 0 }] });
  });
});
