/**
 * §4 The turn: gift, tribute, pass, the Sum, Exchange and Six-Multiple rules; with their options.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { describe, expect, it } from 'vitest';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { drawsEarned } from '../../../services/engine/games/seledyne/plan.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { c, cs, given, givenAfter, legal, restOf, TRIBUTE_EXAMPLE, type Arrangement, type Move } from './helpers.js';

const gifts = (moves: { type: string }[]) => moves.filter((m) => m.type === 'gift');
const types = (moves: { type: string }[]) => [...new Set(moves.map((m) => m.type))];
const seledyneLegal = (s: State) => seledyne.legalCommands(s, s.current!);

describe('§4.2 Gift', () => {
  const seed: Arrangement = { houses: ['ARM', 'MOR'], hands: [['ARM-02', 'ARM-03', 'ARM-06'], ['MOR-01']], dice: [4, 1] };

  it('§4.2 (a) example: Armaist (4) gifts its 3 to Moraist (1)', () => {
    given(seed).when(0, { type: 'gift', target: 1, cards: ['ARM-03'] }).then([{ type: 'Gifted', seat: 0, target: 1, cards: [c('ARM-03')], difference: 3 }]);
  });

  it('§4.2 the card must match the difference exactly', () => {
    given(seed).when(0, { type: 'gift', target: 1, cards: ['ARM-02'] }).thenRefused('ILLEGAL_MOVE', 'difference 3');
    expect(gifts(legal(seed, 0))).toEqual([{ type: 'gift', target: 1, cards: ['ARM-03'] }]);
  });

  it('§4.2 the gifted card goes face up into the target counter', () => {
    const s = given(seed).when(0, { type: 'gift', target: 1, cards: ['ARM-03'] }).state();
    expect(s.players[1]!.counter).toEqual([c('ARM-03')]);
    expect(s.players[0]!.hand.map((x) => x.id)).toEqual(['ARM-02', 'ARM-06']);
  });

  it("§4.2 the target's die must be strictly lower: equal dice allow no gift", () => {
    const equal = { ...seed, dice: [4, 4] };
    given(equal).when(0, { type: 'gift', target: 1, cards: ['ARM-03'] }).thenRefused('ILLEGAL_MOVE', 'lower');
    expect(legal(equal, 0)).toEqual([{ type: 'pass' }]);
  });

  it('§4.2 only hand cards can be gifted, never reserve or counter cards, and never to yourself', () => {
    const g = given({ ...seed, counters: [['MOR-03'], []] });
    g.when(0, { type: 'gift', target: 1, cards: ['ARM-09'] }).thenRefused('ILLEGAL_MOVE', 'hand');
    g.when(0, { type: 'gift', target: 1, cards: ['MOR-03'] }).thenRefused('ILLEGAL_MOVE', 'hand');
    g.when(0, { type: 'gift', target: 0, cards: ['ARM-03'] }).thenRefused('ILLEGAL_MOVE', 'another player');
  });

  const several: Arrangement = {
    houses: ['NAB', 'SAL', 'YAR', 'MOR'],
    hands: [['NAB-01', 'NAB-03', 'NAB-04', 'NAB-07', 'NAB-09'], ['SAL-01'], ['YAR-01'], ['MOR-01']],
    dice: [5, 2, 5, 1],
  };

  it('§4.2 (b) several targets: Nabist gifts 3 to Salaist and 4 to Moraist in one turn, Yarist (equal die) is no target', () => {
    expect(gifts(legal(several, 0))).toEqual([
      { type: 'gift', target: 1, cards: ['NAB-03'] },
      { type: 'gift', target: 3, cards: ['NAB-04'] },
    ]);
    const after = givenAfter(several, {}, [[0, { type: 'gift', target: 1, cards: ['NAB-03'] }]]);
    after.when(0, { type: 'gift', target: 3, cards: ['NAB-04'] }).then([{ type: 'Gifted', seat: 0, target: 3, cards: [c('NAB-04')], difference: 4 }]);
  });

  it('§4.2 at most one gift per target per turn', () => {
    const after = givenAfter({ ...several, dice: [5, 2, 5, 4] }, {}, [[0, { type: 'gift', target: 1, cards: ['NAB-03'] }]]);
    after.when(0, { type: 'gift', target: 1, cards: ['NAB-01'] }).thenRefused('ILLEGAL_MOVE', 'one gift per target');
  });

  it('§4.2 (c) no matching card and no Exchange card: the player must pass', () => {
    expect(legal({ ...several, hands: [['NAB-01', 'NAB-07', 'NAB-09'], ['SAL-01'], ['YAR-01'], ['MOR-01']] }, 0)).toEqual([{ type: 'pass' }]);
  });

  it('§4.2 (c) with an Exchange card in the counter, Nabist swaps a 3 in from its reserve and gifts it', () => {
    const a: Arrangement = { ...several, hands: [['NAB-01', 'NAB-07', 'NAB-09'], ['SAL-01'], ['YAR-01'], ['MOR-01']], counters: [['SAL-04'], [], [], []] };
    expect(legal(a, 0)).toContainEqual({ type: 'exchange', give: 'NAB-07', take: 'NAB-03' });
    givenAfter(a, {}, [[0, { type: 'exchange', give: 'NAB-07', take: 'NAB-03' }]])
      .when(0, { type: 'gift', target: 1, cards: ['NAB-03'] })
      .then([{ type: 'Gifted', seat: 0, target: 1, cards: [c('NAB-03')], difference: 3 }]);
  });
});

describe('§4.3 Tribute (worked example: Moraist 5, counter Salaist-2 and Yarist-6; Nabist 6, Salaist 1, Yarist 4)', () => {
  const pos = TRIBUTE_EXAMPLE;

  it('§4.3 no tribute (E = 5): the only legal gift is 1 to Yarist', () => {
    expect(gifts(legal(pos, 3))).toEqual([{ type: 'gift', target: 2, cards: ['MOR-01'] }]);
  });

  it('§4.3 tribute both cards (E = 7): 1 to Nabist, 6 to Salaist and 3 to Yarist in one gift step; sum 8 earns no draw', () => {
    const moves: [number, Record<string, unknown>][] = [
      [3, { type: 'tribute', card: 'SAL-02' }],
      [3, { type: 'tribute', card: 'YAR-06' }],
    ];
    givenAfter(pos, {}, moves)
      .when(3, { type: 'confirmTribute', boost: true })
      .then([{ type: 'Tributed', seat: 3, cards: cs('SAL-02', 'YAR-06'), boost: true, effectiveDie: 7, drawsEarned: 0 }]);
    const ready = givenAfter(pos, {}, [...moves, [3, { type: 'confirmTribute', boost: true }]]);
    expect(gifts(legal(pos, 3))).not.toContainEqual({ type: 'gift', target: 0, cards: ['MOR-01'] });
    const s = ready.state;
    expect(s.istham.map((e) => [e.card.id, e.tributedBy])).toEqual([
      ['SAL-02', 3],
      ['YAR-06', 3],
    ]);
    const all = givenAfter(pos, {}, [
      ...moves,
      [3, { type: 'confirmTribute', boost: true }],
      [3, { type: 'gift', target: 0, cards: ['MOR-01'] }],
      [3, { type: 'gift', target: 1, cards: ['MOR-06'] }],
    ]);
    all.when(3, { type: 'gift', target: 2, cards: ['MOR-03'] }).then([{ type: 'Gifted', seat: 3, target: 2, cards: [c('MOR-03')], difference: 3 }]);
  });

  it('§4.3 tribute only Yarist-6 (E = 6): Nabist is no target, sum 6 earns one draw, Moraist draws its 5 and gifts it to Salaist', () => {
    const moves: [number, Record<string, unknown>][] = [
      [3, { type: 'tribute', card: 'YAR-06' }],
      [3, { type: 'confirmTribute', boost: true }],
    ];
    const drawing = givenAfter(pos, {}, moves);
    expect(drawing.state.turn).toMatchObject({ step: 'draws', drawsLeft: 1, effective: 6 });
    drawing.when(3, { type: 'sixMultipleDraw', card: 'MOR-05' }).then([{ type: 'SixMultipleDrawn', seat: 3, card: c('MOR-05') }]);
    const drawn = givenAfter(pos, {}, [...moves, [3, { type: 'sixMultipleDraw', card: 'MOR-05' }]]);
    drawn.when(0 + 3, { type: 'gift', target: 0, cards: ['MOR-01'] }).thenRefused('ILLEGAL_MOVE', 'lower');
    drawn.when(3, { type: 'gift', target: 1, cards: ['MOR-05'] }).then([{ type: 'Gifted', seat: 3, target: 1, cards: [c('MOR-05')], difference: 5 }]);
  });

  it('§4.3 tribute and pass is illegal: after a tribute only gifts (and an exchange) are offered', () => {
    const ready = givenAfter(pos, {}, [
      [3, { type: 'tribute', card: 'SAL-02' }],
      [3, { type: 'confirmTribute', boost: false }],
    ]);
    expect(types(seledyneLegal(ready.state))).toEqual(['gift']);
    ready.when(3, { type: 'pass' }).thenRefused('ILLEGAL_MOVE', 'a tribute needs a gift');
    ready.when(3, { type: 'endTurn' }).thenRefused('ILLEGAL_MOVE');
  });

  it('§4.3 a tribute that would leave no legal gift is never offered and is refused', () => {
    const dead: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-05'], ['SAL-01']], counters: [['SAL-02'], []], dice: [1, 1] };
    expect(legal(dead, 0)).toEqual([{ type: 'pass' }]);
    given(dead).when(0, { type: 'tribute', card: 'SAL-02' }).thenRefused('ILLEGAL_MOVE', 'no gift could follow');
  });

  it('§4.3 the boost counts cards, not their numbers, and only for this turn: the physical die stays', () => {
    const s = givenAfter(pos, {}, [
      [3, { type: 'tribute', card: 'YAR-06' }],
      [3, { type: 'tribute', card: 'SAL-02' }],
      [3, { type: 'confirmTribute', boost: true }],
    ]).state;
    expect(s.turn!.effective).toBe(7);
    expect(s.players[3]!.die).toBe(5);
  });

  it('A10 tributeBoostMode OPTIONAL: the player may keep the physical die for the gifts', () => {
    const moves: [number, Record<string, unknown>][] = [[3, { type: 'tribute', card: 'SAL-02' }]];
    const select = givenAfter(pos, {}, moves);
    select.when(3, { type: 'confirmTribute', boost: false }).then([{ type: 'Tributed', seat: 3, cards: [c('SAL-02')], boost: false, effectiveDie: 5, drawsEarned: 0 }]);
  });

  it('A10 tributeBoostMode MANDATORY: every gift after a tribute uses D + k', () => {
    const select = givenAfter(pos, { tributeBoostMode: 'MANDATORY' }, [[3, { type: 'tribute', card: 'SAL-02' }]]);
    select.when(3, { type: 'confirmTribute', boost: false }).thenRefused('ILLEGAL_MOVE', 'mandatory');
    expect(legal(pos, 3, { tributeBoostMode: 'MANDATORY' })).toContainEqual({ type: 'tribute', card: 'SAL-02' });
  });

  it('A29 one tribute step per turn, before every gift', () => {
    const after = givenAfter(pos, {}, [[3, { type: 'gift', target: 2, cards: ['MOR-01'] }]]);
    after.when(3, { type: 'tribute', card: 'SAL-02' }).thenRefused('ILLEGAL_MOVE', 'before every gift');
    const tributed = givenAfter(pos, {}, [
      [3, { type: 'tribute', card: 'YAR-06' }],
      [3, { type: 'confirmTribute', boost: true }],
      [3, { type: 'sixMultipleDraw', card: 'MOR-05' }],
    ]);
    tributed.when(3, { type: 'tribute', card: 'SAL-02' }).thenRefused('ILLEGAL_MOVE', 'before every gift');
  });
});

describe('§4.4 Pass', () => {
  it('§4.4 a player may pass even when a gift is possible', () => {
    given({ hands: [['NAB-03'], ['SAL-01']], dice: [4, 1] })
      .when(0, { type: 'pass' })
      .then([{ type: 'TurnEnded', seat: 0, gifted: false, auto: false }]);
  });

  it('§7.1 (2) a player with an empty hand and no counter to tribute passes automatically (hand counts are public)', () => {
    const events = given({ hands: [['NAB-03'], []], dice: [4, 1] })
      .when(0, { type: 'pass' })
      .events();
    expect(events.slice(0, 2)).toEqual([
      { type: 'TurnEnded', seat: 0, gifted: false, auto: false },
      { type: 'TurnEnded', seat: 1, gifted: false, auto: true },
    ]);
  });
  // Seat 0 has an empty hand, Salaist's 6 in its counter and its whole house in the reserve; dice 3 and 1.
  const empty: Arrangement = { houses: ['NAB', 'SAL'], hands: [[], ['SAL-01']], counters: [['SAL-06'], []], dice: [3, 1], start: 1 };
  const emptyTurn: Move[] = [[1, { type: 'pass' }]];

  it('A30 emptyHandMayTribute true (§4.3): with an empty hand a tribute summing to 6 earns a draw that can be gifted, so the seat is not passed', () => {
    const turn = givenAfter(empty, {}, emptyTurn);
    expect(turn.state.current).toBe(0);
    expect(seledyneLegal(turn.state)).toEqual([{ type: 'tribute', card: 'SAL-06' }, { type: 'pass' }]);
    const drawn = givenAfter(empty, {}, [
      ...emptyTurn,
      [0, { type: 'tribute', card: 'SAL-06' }],
      [0, { type: 'confirmTribute', boost: true }],
      [0, { type: 'sixMultipleDraw', card: 'NAB-03' }],
    ]);
    expect(drawn.when(0, { type: 'gift', target: 1, cards: ['NAB-03'] }).events().slice(0, 2)).toEqual([
      { type: 'Gifted', seat: 0, target: 1, cards: [c('NAB-03')], difference: 3 },
      { type: 'TurnEnded', seat: 0, gifted: true, auto: true },
    ]);
  });

  it('A30 with an empty hand the seat is passed automatically only when no tribute leads to a gift', () => {
    const noSix: Arrangement = { ...empty, counters: [['SAL-02'], []] };
    expect(given(noSix).when(1, { type: 'pass' }).events().slice(0, 2)).toEqual([
      { type: 'TurnEnded', seat: 1, gifted: false, auto: false },
      { type: 'TurnEnded', seat: 0, gifted: false, auto: true },
    ]);
  });

  it('A30 emptyHandMayTribute false (§7.1 (2)): an empty hand must pass, and is passed automatically', () => {
    const o = { emptyHandMayTribute: false };
    expect(given(empty, o).when(1, { type: 'pass' }).events().slice(0, 2)).toEqual([
      { type: 'TurnEnded', seat: 1, gifted: false, auto: false },
      { type: 'TurnEnded', seat: 0, gifted: false, auto: true },
    ]);
    const open = given({ ...empty, start: 0 }, o);
    expect(seledyneLegal(open.state)).toEqual([{ type: 'pass' }]);
    open.when(0, { type: 'tribute', card: 'SAL-06' }).thenRefused('ILLEGAL_MOVE', 'empty hand');
  });

  it('§4.4 with an empty reserve the hand is public (A26): a turn that can only pass is passed for the seat', () => {
    const a: Arrangement = { hands: [['NAB-03'], ['SAL-05', 'SAL-06']], reserves: [restOf('NAB', 'NAB-03').map((x) => x.id), []], dice: [4, 1] };
    expect(given(a).when(0, { type: 'pass' }).events().slice(0, 3)).toEqual([
      { type: 'TurnEnded', seat: 0, gifted: false, auto: false },
      { type: 'TurnEnded', seat: 1, gifted: false, auto: true },
      { type: 'RoundEnded', round: 2, startSeat: 1 },
    ]);
    const withReserve: Arrangement = { ...a, reserves: [a.reserves![0]!, ['SAL-09']] };
    expect(given(withReserve).when(0, { type: 'pass' }).events()).toEqual([{ type: 'TurnEnded', seat: 0, gifted: false, auto: false }]);
  });

  it('§4.4 with an empty reserve, a turn that can only end after its gifts ends by itself', () => {
    const a: Arrangement = { hands: [['NAB-03', 'NAB-09'], ['SAL-05']], reserves: [[], restOf('SAL', 'SAL-05').map((x) => x.id)], dice: [4, 1] };
    expect(given(a).when(0, { type: 'gift', target: 1, cards: ['NAB-03'] }).events()).toEqual([
      { type: 'Gifted', seat: 0, target: 1, cards: [c('NAB-03')], difference: 3 },
      { type: 'TurnEnded', seat: 0, gifted: true, auto: true },
    ]);
  });
});

describe('§4.5 Sum Rule', () => {
  const sum: Arrangement = { houses: ['ARM', 'MOR'], hands: [['ARM-01', 'ARM-03', 'ARM-06'], ['MOR-01']], counters: [['MOR-05'], []], dice: [5, 1] };

  it("§4.5 (a) example: with another house's Sum card in its counter, Armaist pays 4 with its 1 and 3", () => {
    expect(gifts(legal(sum, 0))).toEqual([{ type: 'gift', target: 1, cards: ['ARM-01', 'ARM-03'] }]);
    given(sum).when(0, { type: 'gift', target: 1, cards: ['ARM-01', 'ARM-03'] }).then([{ type: 'Gifted', seat: 0, target: 1, cards: cs('ARM-01', 'ARM-03'), difference: 4 }]);
  });

  it('§4.5 without a Sum card in hand or counter a gift is one card', () => {
    given({ ...sum, counters: undefined }).when(0, { type: 'gift', target: 1, cards: ['ARM-01', 'ARM-03'] }).thenRefused('ILLEGAL_MOVE', 'Sum Rule');
  });

  it('§4.5 (b) Armaist (6) tributes 3 cards (E = 9) and pays 8 with its own +5 and its 3', () => {
    const b: Arrangement = { houses: ['ARM', 'MOR'], hands: [['ARM-03', 'ARM-05', 'ARM-10'], ['MOR-04']], counters: [['MOR-01', 'MOR-02', 'MOR-07'], []], dice: [6, 1] };
    const ready = givenAfter(b, {}, [
      [0, { type: 'tribute', card: 'MOR-01' }],
      [0, { type: 'tribute', card: 'MOR-02' }],
      [0, { type: 'tribute', card: 'MOR-07' }],
      [0, { type: 'confirmTribute', boost: true }],
    ]);
    expect(ready.state.turn).toMatchObject({ effective: 9, step: 'ready' });
    ready.when(0, { type: 'gift', target: 1, cards: ['ARM-05', 'ARM-03'] }).then([{ type: 'Gifted', seat: 0, target: 1, cards: cs('ARM-05', 'ARM-03'), difference: 8 }]);
  });

  it('§4.5 (c) a difference above 10 can only be paid with the Sum Rule', () => {
    const big: Arrangement = { houses: ['ARM', 'MOR'], hands: [['ARM-05', 'ARM-06', 'ARM-10'], ['MOR-04']], counters: [['MOR-01', 'MOR-02', 'MOR-03', 'MOR-06', 'MOR-07', 'MOR-08'], []], dice: [6, 1] };
    const ids = ['MOR-01', 'MOR-02', 'MOR-03', 'MOR-06', 'MOR-07', 'MOR-08'];
    const ready = givenAfter(big, {}, [...ids.map((card): [number, Record<string, unknown>] => [0, { type: 'tribute', card }]), [0, { type: 'confirmTribute', boost: true }]]);
    expect(ready.state.turn!.effective).toBe(12);
    expect(gifts(seledyneLegal(ready.state))).toEqual([{ type: 'gift', target: 1, cards: ['ARM-05', 'ARM-06'] }]);
    ready.when(0, { type: 'gift', target: 1, cards: ['ARM-05', 'ARM-06'] }).then([{ type: 'Gifted', seat: 0, target: 1, cards: cs('ARM-05', 'ARM-06'), difference: 11 }]);
  });

  const timing: Arrangement = { houses: ['ARM', 'MOR', 'NAB'], hands: [['ARM-01', 'ARM-02', 'ARM-05', 'ARM-10'], ['MOR-01'], ['NAB-01']], dice: [6, 1, 3] };
  const first: [number, Record<string, unknown>][] = [[0, { type: 'gift', target: 1, cards: ['ARM-05'] }]];

  it('A13 sumRuleCheckTiming GIFT_STEP_START: the Sum card given in the first gift still covers the later gifts of the step', () => {
    givenAfter(timing, {}, first)
      .when(0, { type: 'gift', target: 2, cards: ['ARM-01', 'ARM-02'] })
      .then([{ type: 'Gifted', seat: 0, target: 2, cards: cs('ARM-01', 'ARM-02'), difference: 3 }]);
  });

  it('A13 sumRuleCheckTiming PER_GIFT_SEQUENTIAL: the rule must be active at each gift', () => {
    givenAfter(timing, { sumRuleCheckTiming: 'PER_GIFT_SEQUENTIAL' }, first)
      .when(0, { type: 'gift', target: 2, cards: ['ARM-01', 'ARM-02'] })
      .thenRefused('ILLEGAL_MOVE', 'Sum Rule');
  });

  it('§4.5 a Sum card tributed out of the counter no longer gives the rule that turn', () => {
    const a: Arrangement = { houses: ['ARM', 'MOR'], hands: [['ARM-01', 'ARM-02', 'ARM-04'], ['MOR-01']], counters: [['MOR-05'], []], dice: [3, 1] };
    const ready = givenAfter(a, {}, [
      [0, { type: 'tribute', card: 'MOR-05' }],
      [0, { type: 'confirmTribute', boost: true }],
    ]);
    expect(gifts(seledyneLegal(ready.state))).toEqual([]);
    ready.when(0, { type: 'gift', target: 1, cards: ['ARM-01', 'ARM-02'] }).thenRefused('ILLEGAL_MOVE', 'Sum Rule');
  });
});


describe('§4.6 Exchange Rule', () => {
  const ex: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-07'], ['SAL-01']], counters: [['SAL-04'], []], dice: [4, 1] };

  it("§4.6 with any house's Exchange card in hand or counter, swap one hand card with one reserve card of choice", () => {
    given(ex).when(0, { type: 'exchange', give: 'NAB-07', take: 'NAB-03' }).then([{ type: 'Exchanged', seat: 0, at: 'T0', give: c('NAB-07'), take: c('NAB-03') }]);
    const s = given(ex).when(0, { type: 'exchange', give: 'NAB-07', take: 'NAB-03' }).state();
    expect(s.players[0]!.hand).toEqual([c('NAB-03')]);
    expect(s.players[0]!.reserve).toContainEqual(c('NAB-07'));
  });

  it('§4.6 the Exchange card itself may go into the reserve', () => {
    const own: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-04', 'NAB-07'], ['SAL-01']], dice: [4, 1] };
    given(own).when(0, { type: 'exchange', give: 'NAB-04', take: 'NAB-03' }).then([{ type: 'Exchanged', seat: 0, at: 'T0', give: c('NAB-04'), take: c('NAB-03') }]);
  });

  it('§4.6 no Exchange card in hand or counter (one in the reserve does not count): no exchange', () => {
    const none: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-07'], ['SAL-01']], dice: [4, 1] };
    given(none).when(0, { type: 'exchange', give: 'NAB-07', take: 'NAB-03' }).thenRefused('ILLEGAL_MOVE', 'no exchange');
    expect(types(legal(none, 0))).toEqual(['pass']);
  });

  const two: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-04', 'NAB-07'], ['SAL-01']], counters: [['SAL-04'], []], dice: [4, 1] };
  const once: [number, Record<string, unknown>][] = [[0, { type: 'exchange', give: 'NAB-07', take: 'NAB-03' }]];

  it('A14 exchangeLimit ONCE_PER_TURN: one exchange per turn, however many Exchange cards', () => {
    givenAfter(two, {}, once).when(0, { type: 'exchange', give: 'NAB-03', take: 'NAB-02' }).thenRefused('ILLEGAL_MOVE', 'no exchange');
  });

  it('A14 exchangeLimit ONCE_PER_EXCHANGE_CARD: one exchange per Exchange card held', () => {
    const o = { exchangeLimit: 'ONCE_PER_EXCHANGE_CARD' };
    const second = givenAfter(two, o, once);
    second.when(0, { type: 'exchange', give: 'NAB-03', take: 'NAB-02' }).then([{ type: 'Exchanged', seat: 0, at: 'T0', give: c('NAB-03'), take: c('NAB-02') }]);
    givenAfter(two, o, [...once, [0, { type: 'exchange', give: 'NAB-03', take: 'NAB-02' }]])
      .when(0, { type: 'exchange', give: 'NAB-02', take: 'NAB-01' })
      .thenRefused('ILLEGAL_MOVE', 'no exchange');
  });

  it('A15 exchange timing: after the tribute and its draws (T3) and after the gifts (T5)', () => {
    const a: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-04', 'NAB-07', 'NAB-10'], ['SAL-01']], counters: [['SAL-02'], []], dice: [4, 1] };
    const ready = givenAfter(a, {}, [
      [0, { type: 'tribute', card: 'SAL-02' }],
      [0, { type: 'confirmTribute', boost: true }],
    ]);
    ready.when(0, { type: 'exchange', give: 'NAB-07', take: 'NAB-05' }).then([{ type: 'Exchanged', seat: 0, at: 'T3', give: c('NAB-07'), take: c('NAB-05') }]);
    const gifted = givenAfter({ ...a, hands: [['NAB-03', 'NAB-04', 'NAB-07'], ['SAL-01']] }, {}, [[0, { type: 'gift', target: 1, cards: ['NAB-03'] }]]);
    gifted.when(0, { type: 'exchange', give: 'NAB-07', take: 'NAB-05' }).then([{ type: 'Exchanged', seat: 0, at: 'T5', give: c('NAB-07'), take: c('NAB-05') }]);
  });

  // Reproduction of a Sum gift after a T5 exchange: hand 1, 3, 5 (Sum), the Exchange card in the counter, dice 6/5/1.
  const t5: Arrangement = { houses: ['NAB', 'SAL', 'YAR'], hands: [['NAB-01', 'NAB-03', 'NAB-05'], ['SAL-01'], ['YAR-01']], counters: [['SAL-04'], [], []], dice: [6, 5, 1] };
  const giftThenExchange: Move[] = [
    [0, { type: 'gift', target: 1, cards: ['NAB-01'] }],
    [0, { type: 'exchange', give: 'NAB-05', take: 'NAB-02' }],
  ];

  it('§4.1 A15 an exchange at T5 ends the gift step: a gift after it is refused, only the end of the turn may follow', () => {
    const before = givenAfter(t5, {}, giftThenExchange.slice(0, 1));
    before.when(0, { type: 'exchange', give: 'NAB-05', take: 'NAB-02' }).then([{ type: 'Exchanged', seat: 0, at: 'T5', give: c('NAB-05'), take: c('NAB-02') }]);
    const after = givenAfter(t5, {}, giftThenExchange);
    after.when(0, { type: 'gift', target: 2, cards: ['NAB-02', 'NAB-03'] }).thenRefused('ILLEGAL_MOVE', 'only the end of the turn');
    after.when(0, { type: 'pass' }).thenRefused('ILLEGAL_MOVE');
    expect(seledyneLegal(after.state)).toEqual([{ type: 'endTurn' }]);
    after.when(0, { type: 'endTurn' }).then([{ type: 'TurnEnded', seat: 0, gifted: true, auto: false }]);
  });

  it('§4.1 A14 A15 with one exchange per Exchange card, a second T5 exchange may follow the first, a gift still may not', () => {
    const o = { exchangeLimit: 'ONCE_PER_EXCHANGE_CARD' };
    const two: Arrangement = { ...t5, hands: [['NAB-01', 'NAB-03', 'NAB-04', 'NAB-05'], ['SAL-01'], ['YAR-01']] };
    const after = givenAfter(two, o, giftThenExchange);
    after.when(0, { type: 'gift', target: 2, cards: ['NAB-02', 'NAB-03'] }).thenRefused('ILLEGAL_MOVE', 'only the end of the turn');
    expect(types(seledyneLegal(after.state))).toEqual(['exchange', 'endTurn']);
    after.when(0, { type: 'exchange', give: 'NAB-03', take: 'NAB-06' }).then([{ type: 'Exchanged', seat: 0, at: 'T5', give: c('NAB-03'), take: c('NAB-06') }]);
  });

  it('A15 availability is checked when used: an Exchange card tributed at T1 or gifted at T4 is gone', () => {
    const a: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-03', 'NAB-07'], ['SAL-01']], counters: [['SAL-04'], []], dice: [3, 1] };
    const ready = givenAfter(a, {}, [
      [0, { type: 'tribute', card: 'SAL-04' }],
      [0, { type: 'confirmTribute', boost: true }],
    ]);
    ready.when(0, { type: 'exchange', give: 'NAB-07', take: 'NAB-01' }).thenRefused('ILLEGAL_MOVE', 'no exchange');
    const own: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-04', 'NAB-07'], ['SAL-01']], dice: [5, 1] };
    givenAfter(own, {}, [[0, { type: 'gift', target: 1, cards: ['NAB-04'] }]])
      .when(0, { type: 'exchange', give: 'NAB-07', take: 'NAB-01' })
      .thenRefused('ILLEGAL_MOVE', 'no exchange');
  });

  it('A16 exchangeWithoutGiftAllowed true: an exchange may be followed by a pass', () => {
    givenAfter(ex, {}, [[0, { type: 'exchange', give: 'NAB-07', take: 'NAB-01' }]])
      .when(0, { type: 'pass' })
      .then([{ type: 'TurnEnded', seat: 0, gifted: false, auto: false }]);
  });

  it('A16 exchangeWithoutGiftAllowed false: an exchange needs a gift in the same turn', () => {
    const o = { exchangeWithoutGiftAllowed: false };
    // 3 pays the difference now; 4 pays it after tributing the Exchange card (E = 5): every other swap is refused.
    expect(legal(ex, 0, o).filter((m) => m.type === 'exchange')).toEqual([
      { type: 'exchange', give: 'NAB-07', take: 'NAB-03' },
      { type: 'exchange', give: 'NAB-07', take: 'NAB-04' },
    ]);
    given(ex, o).when(0, { type: 'exchange', give: 'NAB-07', take: 'NAB-01' }).thenRefused('ILLEGAL_MOVE', 'needs a gift');
    givenAfter(ex, o, [[0, { type: 'exchange', give: 'NAB-07', take: 'NAB-03' }]])
      .when(0, { type: 'pass' })
      .thenRefused('ILLEGAL_MOVE', 'needs a gift');
  });
});

describe('§4.7 Six-Multiple Rule', () => {
  const at = (counter: string[], hand: string[], dice = [2, 1, 1, 1]): Arrangement => ({
    houses: ['NAB', 'SAL', 'YAR', 'MOR'],
    hands: [hand, ['SAL-01'], ['YAR-01'], ['MOR-01']],
    counters: [counter, [], [], []],
    dice,
  });
  const tribute = (cards: string[]): [number, Record<string, unknown>][] => cards.map((card) => [0, { type: 'tribute', card }]);

  it('§4.7 Salaist-2 and Yarist-4 (sum 6): one draw of choice, and E = D + 2', () => {
    givenAfter(at(['SAL-02', 'YAR-04'], ['NAB-03']), {}, tribute(['SAL-02', 'YAR-04']))
      .when(0, { type: 'confirmTribute', boost: true })
      .then([{ type: 'Tributed', seat: 0, cards: cs('SAL-02', 'YAR-04'), boost: true, effectiveDie: 4, drawsEarned: 1 }]);
  });

  it('§4.7 3 + 4 + 5 = 12: two draws, and E = D + 3', () => {
    givenAfter(at(['SAL-03', 'YAR-04', 'MOR-05'], ['NAB-04']), {}, tribute(['SAL-03', 'YAR-04', 'MOR-05']))
      .when(0, { type: 'confirmTribute', boost: true })
      .then([{ type: 'Tributed', seat: 0, cards: cs('SAL-03', 'YAR-04', 'MOR-05'), boost: true, effectiveDie: 5, drawsEarned: 2 }]);
  });

  it('A11 sixMultipleMode EXACT: 7 + 4 = 11 earns nothing', () => {
    givenAfter(at(['SAL-07', 'YAR-04'], ['NAB-03']), {}, tribute(['SAL-07', 'YAR-04']))
      .when(0, { type: 'confirmTribute', boost: true })
      .then([{ type: 'Tributed', seat: 0, cards: cs('SAL-07', 'YAR-04'), boost: true, effectiveDie: 4, drawsEarned: 0 }]);
  });

  it('A11 sixMultipleMode FLOOR: 7 + 4 = 11 earns one draw', () => {
    givenAfter(at(['SAL-07', 'YAR-04'], ['NAB-03']), { sixMultipleMode: 'FLOOR' }, tribute(['SAL-07', 'YAR-04']))
      .when(0, { type: 'confirmTribute', boost: true })
      .then([{ type: 'Tributed', seat: 0, cards: cs('SAL-07', 'YAR-04'), boost: true, effectiveDie: 4, drawsEarned: 1 }]);
  });

  it('A11 sixMultipleMode CUMULATIVE: a draw for each multiple of 6 the stage running total passes', () => {
    expect([drawsEarned('CUMULATIVE', 4, 0), drawsEarned('CUMULATIVE', 3, 4), drawsEarned('CUMULATIVE', 13, 7)]).toEqual([0, 1, 2]);
    expect([drawsEarned('EXACT', 12, 0), drawsEarned('EXACT', 11, 0), drawsEarned('FLOOR', 11, 0), drawsEarned('FLOOR', 5, 0)]).toEqual([2, 0, 1, 0]);
    const a = at(['SAL-03'], ['NAB-02'], [2, 1, 1, 1]);
    const state = givenAfter(a, { sixMultipleMode: 'CUMULATIVE' }, tribute(['SAL-03'])).state;
    const before = { ...state, players: state.players.map((p, i) => (i === 0 ? { ...p, tributedSum: 4 } : p)) };
    expect(seledyne.decide(before, { type: 'confirmTribute', boost: true }, 0, { int: () => 0 })).toEqual([
      { type: 'Tributed', seat: 0, cards: [c('SAL-03')], boost: true, effectiveDie: 3, drawsEarned: 1 },
    ]);
  });

  it('A12 sixMultipleDrawsOptional true: earned draws may be declined', () => {
    const moves = [...tribute(['SAL-02', 'YAR-04']), [0, { type: 'confirmTribute', boost: true }] as [number, Record<string, unknown>]];
    givenAfter(at(['SAL-02', 'YAR-04'], ['NAB-03']), {}, moves)
      .when(0, { type: 'stopDrawing' })
      .then([{ type: 'DrawsStopped', seat: 0 }]);
  });

  it('A12 sixMultipleDrawsOptional false: earned draws are mandatory', () => {
    const o = { sixMultipleDrawsOptional: false };
    const moves = [...tribute(['SAL-02', 'YAR-04']), [0, { type: 'confirmTribute', boost: true }] as [number, Record<string, unknown>]];
    const g = givenAfter(at(['SAL-02', 'YAR-04'], ['NAB-03']), o, moves);
    g.when(0, { type: 'stopDrawing' }).thenRefused('ILLEGAL_MOVE', 'mandatory');
    expect(types(seledyneLegal(g.state))).toEqual(['sixMultipleDraw']);
  });

  it('§4.7 draws beyond the reserve are lost', () => {
    const a: Arrangement = { ...at(['SAL-03', 'YAR-04', 'MOR-05'], ['NAB-01', 'NAB-02', 'NAB-03', 'NAB-04', 'NAB-05', 'NAB-06', 'NAB-07', 'NAB-08', 'NAB-09']) };
    const g = givenAfter(a, {}, [...tribute(['SAL-03', 'YAR-04', 'MOR-05']), [0, { type: 'confirmTribute', boost: true }], [0, { type: 'sixMultipleDraw', card: 'NAB-10' }]]);
    expect(g.state.turn).toMatchObject({ step: 'ready', drawsLeft: 0 });
  });
});
