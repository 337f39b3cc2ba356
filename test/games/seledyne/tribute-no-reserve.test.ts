/**
 * A forced turn end with an empty reserve asks `tributeOpenWithoutReserve` (rules.ts) instead of the
 * turn search: it must answer as `tributable` does on every such turn, including the ones decide
 * passes through on its own (each event of every commit is folded here, not only the states a seat
 * sees), for every seat count and the options that change what a tribute can reach. Likewise
 * `tributable` itself, which answers in closed form when the reserve is empty, against the search
 * (`tributableBySearch`), at the open and select steps; and with a reserve, where the hand answers
 * first and only a "no" asks the search.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, pick, seatedTable, shuffle, table } from '../../../services/engine/core/index.js';
import { HOUSE_IDS } from '../../../services/engine/games/seledyne/cards.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { options as optionSchema } from '../../../services/engine/games/seledyne/options.js';
import { BOOSTED, confirmProblem, confirmsAllowed, plannerFor, UNBOOSTED, tributable, tributableByHand, tributableBySearch, tributeOkWithoutReserve, tributeOpenWithoutReserve } from '../../../services/engine/games/seledyne/rules.js';
import { deckOf, initialState, newTurn, type State } from '../../../services/engine/games/seledyne/state.js';

/**
 * `expect(actual, message()).toEqual(expected)` with a plain compare first: the checks run on
 * thousands of states, and expect with its message (the players as JSON) cost more than the rules.
 */
function agree(actual: unknown, expected: unknown, message: () => string): void {
  if (actual === expected || (typeof actual === 'object' && JSON.stringify(actual) === JSON.stringify(expected))) return;
  expect(actual, message()).toEqual(expected);
}

const VARIANTS = [
  {},
  { tributeBoostMode: 'MANDATORY' },
  { emptyHandMayTribute: false },
  // low values: sums, several Sum cards in a counter, long counters
  { cardValues: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], exchangeLimit: 'ONCE_PER_EXCHANGE_CARD', sumRuleCheckTiming: 'PER_GIFT_SEQUENTIAL' },
  { ownerSeesReserve: false, sixMultipleMode: 'FLOOR', tributeBoostMode: 'MANDATORY', dieFaces: 8 },
];

/**
 * Six random games of each variant at `seats`, `check` called on the state after every event of
 * every commit (the states decide passes through on its own, not only those a seat sees).
 */
function everyState(seats: number, seedPrefix: string, rngOffset: number, check: (st: State) => void): void {
  const t = table(seledyne);
  for (const [v, options] of VARIANTS.entries()) {
    for (let g = 0; g < 6; g++) {
      const rng = fastRng(v * 100 + g + rngOffset);
      let s = seatedTable(t, { seats, options: { stages: 1, ...options }, seed: `${seedPrefix}-${seats}-${v}-${g}` });
      let play = s.play as State;
      for (let moves = 0; !s.ended && moves < 3000; moves++) {
        const seat = pick(t.status(s).toMove, rng);
        const events = t.decide(s, { type: 'move', seat, move: pick(t.legalMoves(s, seat), rng) });
        for (const e of events) {
          if (e.type === 'GameEnded') continue;
          play = seledyne.evolve(play, e as never);
          check(play);
        }
        s = t.fold(events, s);
      }
    }
  }
}

describe('tributeOpenWithoutReserve', () => {
  it.each([2, 3, 4, 6])('answers as tributable on every open turn with an empty reserve (%i seats)', (seats) => {
    let asked = 0;
    let open = 0;
    everyState(seats, 'no-reserve', 0, (st) => {
      const turn = st.turn;
      if (st.phase !== 'turn' || !turn || turn.step !== 'open' || st.players[turn.seat]!.reserve.length > 0) return;
      const expected = tributableBySearch(st, turn).length > 0;
      agree(tributeOpenWithoutReserve(st, turn), expected, () => `seat ${turn.seat} of ${JSON.stringify(st.players.map((p) => [p.die, p.hand.map((c) => c.id), p.counter.map((c) => c.id)]))}`);
      asked++;
      if (expected) open++;
    });
    // both answers are met many times
    expect(asked).toBeGreaterThan(200);
    expect(open).toBeGreaterThan(10);
    expect(asked - open).toBeGreaterThan(100);
  });
});

/**
 * The i-th made-up position: options varied by i, 2-6 seats, a random seat to move with up to 5
 * hand cards and `counterMax - 1` counter cards (the others fewer), empty reserves, random dice.
 */
function madePosition(i: number, rng: ReturnType<typeof fastRng>, counterMax: number) {
  const options = optionSchema.parse({ tributeBoostMode: i % 3 === 0 ? 'MANDATORY' : 'OPTIONAL', emptyHandMayTribute: i % 5 !== 0, cardValues: i % 2 ? [1, 1, 2, 2, 3, 3, 4, 4, 5, 5] : undefined });
  const seats = 2 + rng.int(5);
  const pool = shuffle(HOUSE_IDS.flatMap((h) => deckOf(options, h)), rng);
  const s0 = initialState({ seats, options });
  const seat = rng.int(seats);
  let at = 0;
  const players = s0.players.map((p, k) => {
    const hand = pool.slice(at, (at += rng.int(k === seat ? 6 : 2)));
    const counter = pool.slice(at, (at += rng.int(k === seat ? counterMax : 3)));
    return { ...p, hand, counter, reserve: [], die: 1 + rng.int(options.dieFaces) };
  });
  const s: State = { ...s0, phase: 'turn', players, current: seat, turn: null };
  return { s, players, seat };
}

describe('tributeOpenWithoutReserve on made-up positions', () => {
  it('answers as tributable for random hands, counters (Sum cards of several houses) and dice', () => {
    const rng = fastRng(7);
    let open = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      // now and then a counter long enough to take the die past 30 (the search answers then)
      const { s, players, seat } = madePosition(i, rng, i % 7 === 0 ? 30 : 9);
      const turn = newTurn(s, seat);
      const expected = tributableBySearch({ ...s, turn }, turn).length > 0;
      agree(tributeOpenWithoutReserve({ ...s, turn }, turn), expected, () => JSON.stringify(players.map((p) => [p.die, p.hand.map((c) => c.id), p.counter.map((c) => c.id)])));
      if (expected) open++;
    }
    expect(open).toBeGreaterThan(n / 10);
    expect(n - open).toBeGreaterThan(n / 10);
  });
});

const ids = (cards: readonly { id: string }[]) => cards.map((c) => c.id);

describe('tributable with an empty reserve (closed form) against the turn search', () => {
  it.each([2, 3, 4, 6])('lists the same counter cards on every open and select step of played games (%i seats)', (seats) => {
    let asked = 0;
    let some = 0;
    let selecting = 0;
    everyState(seats, 'no-reserve-list', 50, (st) => {
      const turn = st.turn;
      if (st.phase !== 'turn' || !turn || (turn.step !== 'open' && turn.step !== 'select') || st.players[turn.seat]!.reserve.length > 0) return;
      const expected = ids(tributableBySearch(st, turn));
      agree(ids(tributable(st, turn)), expected, () => `seat ${turn.seat} step ${turn.step} selection ${ids(turn.selection)} of ${JSON.stringify(st.players.map((p) => [p.die, ids(p.hand), ids(p.counter)]))}`);
      asked++;
      if (expected.length) some++;
      if (turn.step === 'select') {
        selecting++;
        // confirming the tribute as selected, with and without the boost: the closed form against the planner
        const plan = plannerFor(st, turn.seat);
        for (const boost of [true, false]) agree(tributeOkWithoutReserve(st, turn, boost), plan.tributeOk(turn.selection, boost, plan.handMask, turn.exchanges), () => `confirm boost ${boost}`);
      }
    });
    expect(asked).toBeGreaterThan(200);
    expect(some).toBeGreaterThan(50);
    expect(asked - some).toBeGreaterThan(50);
    expect(selecting).toBeGreaterThan(20);
  });

  it('lists the same counter cards on made-up positions (Sum cards of several houses, selections under way)', () => {
    const rng = fastRng(11);
    let some = 0;
    let confirmable = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const { s, players, seat } = madePosition(i, rng, 9);
      const mine = players[seat]!.counter;
      const chosen = mine.slice(0, i % 4 === 0 ? 0 : rng.int(mine.length + 1));
      const turn = { ...newTurn(s, seat), step: chosen.length ? ('select' as const) : ('open' as const), selection: chosen };
      const expected = ids(tributableBySearch({ ...s, turn }, turn));
      agree(ids(tributable({ ...s, turn }, turn)), expected, () => JSON.stringify([ids(chosen), players.map((p) => [p.die, ids(p.hand), ids(p.counter)])]));
      if (expected.length) some++;
      if (chosen.length) {
        const plan = plannerFor({ ...s, turn }, seat);
        for (const boost of [true, false]) {
          const want = plan.tributeOk(chosen, boost, plan.handMask, 0);
          agree(tributeOkWithoutReserve({ ...s, turn }, turn, boost), want, () => `confirm boost ${boost}`);
          if (want) confirmable++;
        }
      }
    }
    expect(confirmable).toBeGreaterThan(n / 20);
    expect(some).toBeGreaterThan(n / 10);
    expect(n - some).toBeGreaterThan(n / 10);
  });
});

/**
 * With a reserve the hand answers first (`tributableByHand`, rules.ts): a tribute the hand alone can
 * follow with a gift is legal whatever the reserve holds (draws only add cards, an exchange is never
 * forced); only a "no" for some kind asks the search. The list must be the search's on every open
 * and select step of played games, and the confirm check likewise.
 */
describe('tributable with a reserve (the hand first, then the search) against the turn search', () => {
  it.each([2, 4, 6])('lists the same counter cards on every open and select step of played games (%i seats)', (seats) => {
    let byHand = 0;
    let searched = 0;
    let some = 0;
    let confirms = 0;
    everyState(seats, 'reserve-list', 90, (st) => {
      const turn = st.turn;
      if (st.phase !== 'turn' || !turn || (turn.step !== 'open' && turn.step !== 'select') || st.players[turn.seat]!.reserve.length === 0) return;
      const expected = ids(tributableBySearch(st, turn));
      agree(ids(tributable(st, turn)), expected, () => `seat ${turn.seat} step ${turn.step} selection ${ids(turn.selection)} of ${JSON.stringify(st.players.map((p) => [p.die, ids(p.hand), ids(p.reserve), ids(p.counter)]))}`);
      // the same state asked of another seat's turn (as the rounds that play themselves ask): its own answer
      const other = newTurn(st, (turn.seat + 1) % st.seats);
      agree(ids(tributable(st, other)), ids(tributableBySearch(st, other)), () => `the next seat's turn`);
      if (tributableByHand(st, turn, false) === null) searched++;
      else byHand++;
      if (expected.length) some++;
      if (turn.step === 'select') {
        const plan = plannerFor(st, turn.seat);
        for (const boost of [true, false]) {
          const want = plan.tributeOk(turn.selection, boost, plan.handMask, turn.exchanges);
          if (tributeOkWithoutReserve(st, turn, boost)) {
            agree(want, true, () => `confirm boost ${boost}: the hand's yes is the planner's`);
            confirms++;
          }
          agree(confirmProblem(st, turn, boost) === null, want && (boost || st.options.tributeBoostMode !== 'MANDATORY'), () => `confirm boost ${boost}`);
        }
      }
    });
    // both ways of answering are taken many times, and both answers met
    expect(byHand).toBeGreaterThan(100);
    expect(searched).toBeGreaterThan(50);
    expect(some).toBeGreaterThan(50);
    expect(confirms).toBeGreaterThan(10);
  });
});

describe('confirmsAllowed (both confirmations of a tribute step in one pass) against the turn search', () => {
  it.each([2, 4, 6])('allows the confirmations the planner allows on every select step of played games, reserve or none (%i seats)', (seats) => {
    const seen = [0, 0, 0, 0];
    everyState(seats, 'confirms', 40, (st) => {
      const turn = st.turn;
      if (st.phase !== 'turn' || !turn || turn.step !== 'select') return;
      const plan = plannerFor(st, turn.seat);
      const ok = (boost: boolean) => plan.tributeOk(turn.selection, boost, plan.handMask, turn.exchanges) && (boost || st.options.tributeBoostMode !== 'MANDATORY');
      const want = (ok(true) ? BOOSTED : 0) | (ok(false) ? UNBOOSTED : 0);
      const where = () => `seat ${turn.seat} selection ${ids(turn.selection)} of ${JSON.stringify(st.players.map((p) => [p.die, ids(p.hand), ids(p.reserve), ids(p.counter)]))}`;
      agree(confirmsAllowed(st, turn), want, where);
      agree(confirmsAllowed(st, turn, BOOSTED), want & BOOSTED, where);
      agree(confirmsAllowed(st, turn, UNBOOSTED), want & UNBOOSTED, where);
      agree(confirmProblem(st, turn, true) === null, (want & BOOSTED) !== 0, where);
      agree(confirmProblem(st, turn, false) === null, (want & UNBOOSTED) !== 0, where);
      seen[want]!++;
    });
    // every combination met (both, the boost alone, neither; without the boost alone: rare, not required)
    expect(seen[BOOSTED | UNBOOSTED]).toBeGreaterThan(10);
    expect(seen[BOOSTED]).toBeGreaterThan(10);
    expect(seen[0]).toBeGreaterThan(0);
  });
});
