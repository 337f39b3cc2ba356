/**
 * §1–§3: houses and cards, setup, and the round (draw, roll, Six Rule, turn order, round end).
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { describe, expect, it } from 'vitest';
import { HOUSES, houseCards } from '../../../services/engine/games/seledyne/cards.js';
import type { SeledyneEvent } from '../../../services/engine/games/seledyne/events.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { options } from '../../../services/engine/games/seledyne/options.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { c, given, givenAfter, restOf, scripted, tableGame, type Arrangement, type Move } from './helpers.js';

const play = (g: ReturnType<typeof tableGame>) => g.state.play as State;
const gameEvents = (g: ReturnType<typeof tableGame>) => g.events.filter((e) => !['GameCreated', 'SeatTaken'].includes(e.type)) as SeledyneEvent[];

describe('§1–§2 houses, cards and setup', () => {
  it('§1 six houses with their names in English and Persian', () => {
    expect(HOUSES.map((h) => [h.id, h.en, h.fa])).toEqual([
      ['NAB', 'Nabist', 'نابیست'],
      ['SAL', 'Salaist', 'سالاییست'],
      ['YAR', 'Yarist', 'یاریست'],
      ['ARM', 'Armaist', 'آرماییست'],
      ['INE', 'Inersit', 'اینرسیت'],
      ['MOR', 'Moraist', 'موراییست'],
    ]);
    expect(seledyne.names).toEqual({ en: 'Seledyne', fa: 'سلداین' });
    expect(seledyne.seats).toEqual({ min: 2, max: 6 });
  });

  it('§2.1 A2/A3 each house has ten cards 1 to 10; the 4 carries the Exchange symbol and the 5 the Sum symbol', () => {
    const cards = houseCards('MOR', options.parse({}));
    expect(cards.map((x) => x.id)).toEqual(['MOR-01', 'MOR-02', 'MOR-03', 'MOR-04', 'MOR-05', 'MOR-06', 'MOR-07', 'MOR-08', 'MOR-09', 'MOR-10']);
    expect(cards.filter((x) => x.special)).toEqual([
      { id: 'MOR-04', house: 'MOR', value: 4, special: 'EXCHANGE' },
      { id: 'MOR-05', house: 'MOR', value: 5, special: 'SUM' },
    ]);
  });

  it('A2 cardValues: any ten values; a repeated value gets a letter', () => {
    const cards = houseCards('NAB', options.parse({ cardValues: [1, 1, 2, 3, 4, 5, 6, 7, 8, 12] }));
    expect(cards.map((x) => x.id)).toEqual(['NAB-01', 'NAB-01b', 'NAB-02', 'NAB-03', 'NAB-04', 'NAB-05', 'NAB-06', 'NAB-07', 'NAB-08', 'NAB-12']);
    const g = tableGame(2, { cardValues: [1, 1, 2, 3, 4, 5, 6, 7, 8, 12] });
    expect(play(g).players[0]!.hand.length + play(g).players[0]!.reserve.length).toBe(10);
  });

  it('A3 exchangeCardValue and sumCardValue choose the marked cards', () => {
    const cards = houseCards('NAB', options.parse({ exchangeCardValue: 7, sumCardValue: 2 }));
    expect(cards.filter((x) => x.special).map((x) => [x.id, x.special])).toEqual([
      ['NAB-02', 'SUM'],
      ['NAB-07', 'EXCHANGE'],
    ]);
  });

  it('§2.2 every player has a different house (option houses; default in order)', () => {
    expect(play(tableGame(3)).players.map((p) => p.house)).toEqual(['NAB', 'SAL', 'YAR']);
    expect(play(tableGame(2, { houses: ['MOR', 'ARM'] })).players.map((p) => p.house)).toEqual(['MOR', 'ARM']);
    expect(() => tableGame(2, { houses: ['MOR', 'MOR'] })).toThrow('different house');
  });

  it('A1 playerCount: a table takes only the configured seat counts (default 2 to 6)', () => {
    expect(() => tableGame(2, { playerCount: { min: 3, max: 6 } })).toThrow('3 to 6');
    expect(() => tableGame(7)).toThrow();
    expect(play(tableGame(6)).players).toHaveLength(6);
  });

  it('A27 mode: only NORMAL is playable; EXTRAORDINARY and TEAM are refused', () => {
    expect(() => tableGame(3, { mode: 'TEAM' })).toThrow('A27');
    expect(() => tableGame(3, { mode: 'EXTRAORDINARY' })).toThrow('A27');
  });

  it('§2.3 A4 firstStartPlayer DESIGNATED: the host names the oldest player, who starts stage 1', () => {
    expect(play(tableGame(4, { designatedStartSeat: 2 })).startSeat).toBe(2);
    expect(play(tableGame(4)).startSeat).toBe(0);
    expect(() => tableGame(2, { designatedStartSeat: 3 })).toThrow('seat in play');
  });

  it('§2.3 A4 firstStartPlayer RANDOM: the start seat comes from the seeded RNG', () => {
    const starts = new Set(Array.from({ length: 24 }, (_, i) => play(tableGame(4, { firstStartPlayer: 'RANDOM' }, `r${i}`)).startSeat));
    expect(starts.size).toBeGreaterThan(1);
  });

  it('§2.4 A6 stage setup: each starting hand is 5 random cards of the own house, the other 5 stay in the reserve', () => {
    const hands = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const s = play(tableGame(3, {}, `deal${i}`));
      s.players.forEach((p) => {
        expect(p.hand).toHaveLength(5);
        expect(p.reserve).toHaveLength(5);
        expect([...p.hand, ...p.reserve].map((x) => x.id).sort()).toEqual(restOf(p.house).map((x) => x.id));
        expect(p.counter).toEqual([]);
      });
      hands.add(s.players[0]!.hand.map((x) => x.id).join());
      expect(s.istham).toEqual([]);
      expect(s.round).toBe(1);
    }
    expect(hands.size).toBeGreaterThan(6);
  });

  it('§2.4 initialHandSize sets the starting hand', () => {
    expect(play(tableGame(2, { initialHandSize: 3 })).players[1]!.hand).toHaveLength(3);
  });

  it('A6 setupPick BLIND_RANDOM: nobody but the owner sees a starting hand', () => {
    const started = gameEvents(tableGame(3)).find((e) => e.type === 'StageStarted')!;
    const seen = seledyne.redact(started, 1);
    expect(seen).toMatchObject({ hands: [null, expect.any(Array), null], reserves: [null, expect.any(Array), null] });
    expect(seledyne.redact(started, null)).toMatchObject({ hands: [null, null, null] });
  });
});

/** Two passes end round 1 of a two-player game; the round draw of round 2 follows. */
const quiet: Arrangement = { hands: [['NAB-01', 'NAB-02'], ['SAL-01', 'SAL-02']], dice: [3, 3] };
const bothPass: Move[] = [
  [0, { type: 'pass' }],
  [1, { type: 'pass' }],
];

describe('§3 R1 round draw', () => {
  it('§3 R1 no round draw in the first round of a stage', () => {
    const g = tableGame(3);
    expect(gameEvents(g).map((e) => e.type)).not.toContain('RoundDrawChosen');
    expect(play(g).round).toBe(1);
    expect(['six', 'turn']).toContain(play(g).phase);
  });

  it('§3 R5 after every turn the start marker passes to the right neighbour (seat + 1) and round 2 begins with the draw', () => {
    const g = givenAfter(quiet, {}, [[0, { type: 'pass' }]]);
    g.when(1, { type: 'pass' }).then([
      { type: 'TurnEnded', seat: 1, gifted: false, auto: false },
      { type: 'RoundEnded', round: 2, startSeat: 1 },
    ]);
    expect(seledyne.status(g.when(1, { type: 'pass' }).state())).toEqual({ phase: 'round-draw', toMove: [0, 1], over: false, result: null });
  });

  it('§3 R1 from round 2 every player with a reserve draws one card of their choice, all at once; then the roll', () => {
    const g = givenAfter(quiet, {}, bothPass);
    g.when(0, { type: 'roundDraw', card: 'NAB-07' }).then([{ type: 'RoundDrawChosen', seat: 0, draw: true, card: c('NAB-07') }]);
    const second = givenAfter(quiet, {}, [...bothPass, [0, { type: 'roundDraw', card: 'NAB-07' }]]);
    second.when(1, { type: 'roundDraw', card: 'SAL-09' }, scripted(4, 1)).then([
      { type: 'RoundDrawChosen', seat: 1, draw: true, card: c('SAL-09') },
      { type: 'RoundDrawResolved', draws: [{ seat: 0, card: c('NAB-07') }, { seat: 1, card: c('SAL-09') }] },
      { type: 'Rolled', dice: [5, 2] },
    ]);
    const s = second.when(1, { type: 'roundDraw', card: 'SAL-09' }, scripted(4, 1)).state();
    expect(s.players[0]!.hand.map((x) => x.id)).toEqual(['NAB-01', 'NAB-02', 'NAB-07']);
    expect(s.current).toBe(1);
  });

  it('§3 R1 simultaneous choices are independent events: any order of them gives the same resolution', () => {
    const three: Arrangement = { hands: [['NAB-01'], ['SAL-01'], ['YAR-01']], dice: [3, 3, 3] };
    const pass3: Move[] = [0, 1, 2].map((seat) => [seat, { type: 'pass' }]);
    const draw = (seat: number, id: string): Move => [seat, { type: 'roundDraw', card: id }];
    const choices = [draw(0, 'NAB-07'), draw(1, 'SAL-08'), draw(2, 'YAR-09')];
    const after = (order: Move[]) => givenAfter(three, {}, [...pass3, ...order]).state;
    const forward = after(choices);
    expect(after([...choices].reverse())).toEqual(forward);
    expect(after([choices[1]!, choices[2]!, choices[0]!])).toEqual(forward);
    expect(forward.players.map((p) => p.hand.length)).toEqual([2, 2, 2]);
  });

  it('§3 R1 a round-draw choice stays hidden from the others; only the owner learns the card', () => {
    const chosen: SeledyneEvent = { type: 'RoundDrawChosen', seat: 0, draw: true, card: c('NAB-07') };
    expect(seledyne.redact(chosen, 1)).toEqual({ type: 'RoundDrawChosen', seat: 0, draw: null, card: null });
    expect(seledyne.redact(chosen, 0)).toEqual(chosen);
    const resolved: SeledyneEvent = { type: 'RoundDrawResolved', draws: [{ seat: 0, card: c('NAB-07') }, { seat: 1, card: c('SAL-09') }] };
    expect(seledyne.redact(resolved, 1)).toEqual({ type: 'RoundDrawResolved', draws: [{ seat: 0, card: null }, { seat: 1, card: c('SAL-09') }] });
  });

  it('§3 R1 a player with an empty reserve does not draw', () => {
    const a: Arrangement = { ...quiet, reserves: [restOf('NAB', 'NAB-01', 'NAB-02').map((x) => x.id), []] };
    // seat 1 can only pass with its public hand: it passes automatically, then the draw is seat 0's alone
    const g = givenAfter(a, {}, [[0, { type: 'pass' }]]);
    expect(seledyne.status(g.state).toMove).toEqual([0]);
  });

  it('§3 R1 a mandatory draw from a one-card reserve is made for the player (the card is known to be the last one)', () => {
    const a: Arrangement = { ...quiet, reserves: [restOf('NAB', 'NAB-01', 'NAB-02').map((x) => x.id), ['SAL-09']] };
    const events = givenAfter(a, {}, [[0, { type: 'pass' }]]).when(1, { type: 'pass' }).events();
    expect(events.slice(1)).toEqual([
      { type: 'RoundEnded', round: 2, startSeat: 1 },
      { type: 'RoundDrawChosen', seat: 1, draw: true, card: c('SAL-09') },
    ]);
  });

  it('A7 roundDrawMandatory true: the draw cannot be declined', () => {
    givenAfter(quiet, {}, bothPass).when(0, { type: 'skipRoundDraw' }).thenRefused('ILLEGAL_MOVE', 'mandatory');
  });

  it('A7 roundDrawMandatory false: a player may decline the draw', () => {
    const g = givenAfter(quiet, { roundDrawMandatory: false }, bothPass);
    expect(seledyne.legalCommands(g.state, 0)).toContainEqual({ type: 'skipRoundDraw' });
    g.when(0, { type: 'skipRoundDraw' }).then([{ type: 'RoundDrawChosen', seat: 0, draw: false, card: null }]);
  });

  it('A5 ownerSeesReserve true: the owner picks the reserve card; false: every reserve draw is random', () => {
    expect(seledyne.legalCommands(givenAfter(quiet, {}, bothPass).state, 0)).toHaveLength(8);
    const random = givenAfter(quiet, { ownerSeesReserve: false }, [[0, { type: 'pass' }]]);
    const events = random.when(1, { type: 'pass' }, scripted(0, 7, 2, 2)).events();
    expect(events.slice(1, 3)).toEqual([
      { type: 'RoundEnded', round: 2, startSeat: 1 },
      { type: 'RoundDrawResolved', draws: [{ seat: 0, card: c('NAB-03') }, { seat: 1, card: c('SAL-10') }] },
    ]);
    const optional = givenAfter(quiet, { ownerSeesReserve: false, roundDrawMandatory: false }, bothPass);
    expect(seledyne.legalCommands(optional.state, 0)).toEqual([{ type: 'roundDraw' }, { type: 'skipRoundDraw' }]);
    optional.when(0, { type: 'roundDraw', card: 'NAB-07' }).thenRefused('ILLEGAL_MOVE', 'random');
  });

  it('A5 exchangeReserveCard RANDOM: the Exchange takes a random reserve card', () => {
    const a: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-04', 'NAB-07'], ['SAL-01']], dice: [4, 1] };
    const g = given(a, { exchangeReserveCard: 'RANDOM' });
    expect(seledyne.legalCommands(g.state, 0).filter((m) => m.type === 'exchange')).toEqual([
      { type: 'exchange', give: 'NAB-04' },
      { type: 'exchange', give: 'NAB-07' },
    ]);
    g.when(0, { type: 'exchange', give: 'NAB-07' }, scripted(1)).then([{ type: 'Exchanged', seat: 0, at: 'T0', give: c('NAB-07'), take: c('NAB-02') }]);
  });
});

describe('§3 R2 roll and R3 Six Rule', () => {
  it('§3 R2 every die is rolled from the seeded RNG, in seat order, and is public', () => {
    const g = givenAfter(quiet, {}, [...bothPass, [0, { type: 'roundDraw', card: 'NAB-07' }]]);
    const events = g.when(1, { type: 'roundDraw', card: 'SAL-09' }, scripted(0, 5)).events();
    expect(events.at(-1)).toEqual({ type: 'Rolled', dice: [1, 6] });
    expect(seledyne.redact(events.at(-1)!, null)).toEqual({ type: 'Rolled', dice: [1, 6] });
  });

  it('A0 dieFaces: dice have that many faces; the Six Rule takes the top face one lower', () => {
    const g = tableGame(3, { dieFaces: 8, maxRoundsPerStage: 3, stages: 1 });
    g.run(() => false);
    const dice = gameEvents(g).flatMap((e) => (e.type === 'Rolled' ? e.dice : []));
    expect(Math.max(...dice)).toBeLessThanOrEqual(8);
    const a: Arrangement = { hands: [['NAB-01'], ['SAL-01']], dice: [8, 6], sixWindow: true };
    const s = given(a, { dieFaces: 8 });
    expect(seledyne.status(s.state).toMove).toEqual([0]);
    expect(s.when(0, { type: 'sixRule', use: true, card: 'NAB-09' }).state().players[0]!.die).toBe(7);
  });

  const six: Arrangement = { hands: [['NAB-01'], ['SAL-01'], ['YAR-01']], dice: [6, 2, 6], sixWindow: true };

  it('§3 R3 right after the roll, players showing 6 decide at once (round 1 included)', () => {
    const g = given(six);
    expect(seledyne.status(g.state)).toMatchObject({ phase: 'six-rule', toMove: [0, 2] });
    expect(g.state.round).toBe(1);
  });

  it('§3 R3 a user takes a reserve card of choice and turns the die to 5; choices are hidden until all are in', () => {
    const g = given(six);
    g.when(0, { type: 'sixRule', use: true, card: 'NAB-09' }).then([{ type: 'SixRuleChosen', seat: 0, use: true, card: c('NAB-09') }]);
    expect(seledyne.redact({ type: 'SixRuleChosen', seat: 0, use: true, card: c('NAB-09') }, 2)).toEqual({ type: 'SixRuleChosen', seat: 0, use: null, card: null });
    const last = givenAfter(six, {}, [[0, { type: 'sixRule', use: true, card: 'NAB-09' }]]);
    last.when(2, { type: 'sixRule', use: false }).then([
      { type: 'SixRuleChosen', seat: 2, use: false, card: null },
      {
        type: 'SixRuleResolved',
        results: [
          { seat: 0, use: true, card: c('NAB-09') },
          { seat: 2, use: false, card: null },
        ],
      },
    ]);
    const s = last.when(2, { type: 'sixRule', use: false }).state();
    expect(s.players.map((p) => p.die)).toEqual([5, 2, 6]);
    expect(s.players[0]!.hand.map((x) => x.id)).toEqual(['NAB-01', 'NAB-09']);
    expect(seledyne.redact({ type: 'SixRuleResolved', results: [{ seat: 0, use: true, card: c('NAB-09') }] }, 1)).toEqual({ type: 'SixRuleResolved', results: [{ seat: 0, use: true, card: null }] });
  });

  it('§3 R3 the Six Rule cannot be used once the first turn has begun; the 5 stays for the round', () => {
    const s = givenAfter(six, {}, [
      [0, { type: 'sixRule', use: true, card: 'NAB-09' }],
      [2, { type: 'sixRule', use: false }],
    ]);
    s.when(0, { type: 'sixRule', use: true, card: 'NAB-08' }).thenRefused('ILLEGAL_MOVE');
    const after = s.when(0, { type: 'pass' }).state();
    expect(after.players[0]!.die).toBe(5);
  });

  it('A8 sixRuleDecisionMode TURN_ORDER: eligible players decide one by one from the start marker, each seeing the earlier ones', () => {
    const g = given({ ...six, start: 1 }, { sixRuleDecisionMode: 'TURN_ORDER' });
    expect(seledyne.status(g.state).toMove).toEqual([2]);
    g.when(2, { type: 'sixRule', use: true, card: 'YAR-09' }).then([{ type: 'SixRuleResolved', results: [{ seat: 2, use: true, card: c('YAR-09') }] }]);
    const next = g.when(2, { type: 'sixRule', use: true, card: 'YAR-09' }).state();
    expect(seledyne.status(next).toMove).toEqual([0]);
    expect(next.players[2]!.die).toBe(5);
  });

  it('A9 sixRuleRequiresReserveCard true: no Six Rule with an empty reserve', () => {
    const a: Arrangement = { ...six, reserves: [[], restOf('SAL', 'SAL-01').map((x) => x.id), restOf('YAR', 'YAR-01').map((x) => x.id)] };
    expect(seledyne.status(given(a).state).toMove).toEqual([2]);
  });

  it('A9 sixRuleRequiresReserveCard false: the 6 may become a 5 without a card', () => {
    const a: Arrangement = { ...six, reserves: [[], restOf('SAL', 'SAL-01').map((x) => x.id), restOf('YAR', 'YAR-01').map((x) => x.id)] };
    const g = given(a, { sixRuleRequiresReserveCard: false });
    expect(seledyne.legalCommands(g.state, 0)).toEqual([
      { type: 'sixRule', use: false },
      { type: 'sixRule', use: true },
    ]);
    const s = givenAfter(a, { sixRuleRequiresReserveCard: false }, [[0, { type: 'sixRule', use: true }]]).when(2, { type: 'sixRule', use: false }).state();
    expect(s.players[0]!.die).toBe(5);
  });

  it('A9 sixRuleRequiresReserveCard false: a lone 6 with an empty reserve still opens the Six Rule window', () => {
    const a: Arrangement = { hands: [['NAB-01'], ['SAL-01']], reserves: [[], restOf('SAL', 'SAL-01').map((x) => x.id)], dice: [6, 2], sixWindow: true };
    expect(seledyne.status(given(a, { sixRuleRequiresReserveCard: false }).state)).toMatchObject({ phase: 'six-rule', toMove: [0] });
    expect(seledyne.status(given(a).state)).toMatchObject({ phase: 'turn-open', toMove: [0] });
  });
});

describe('§3 R4 turns', () => {
  it('§3 R4 A28 turns start at the start-marker holder and pass to seat + 1 (the right-hand neighbour, counter-clockwise)', () => {
    const a: Arrangement = { hands: [['NAB-01'], ['SAL-01'], ['YAR-01']], dice: [2, 2, 2], start: 1 };
    const g = given(a);
    expect(g.state.current).toBe(1);
    expect(g.when(1, { type: 'pass' }).state().current).toBe(2);
    expect(givenAfter(a, {}, [[1, { type: 'pass' }]]).when(2, { type: 'pass' }).state().current).toBe(0);
    givenAfter(a, {}, [[1, { type: 'pass' }]]).when(0, { type: 'pass' }).thenRefused('ILLEGAL_MOVE');
  });
});
