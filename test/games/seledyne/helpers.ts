/**
 * Test helpers: cards by id and event histories that arrange a position (hands, counters, dice).
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { fastRng, table, type TableEvent } from '../../../services/engine/core/index.js';
import { HOUSE_IDS, houseCards, type Card, type HouseId } from '../../../services/engine/games/seledyne/cards.js';
import type { Command } from '../../../services/engine/games/seledyne/commands.js';
import type { SeledyneEvent } from '../../../services/engine/games/seledyne/events.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { options as optionSchema } from '../../../services/engine/games/seledyne/options.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { scenario } from '../../kit/gwt.js';
import { expectMoversCanMove } from '../../kit/playthrough.js';

const DECK = new Map(HOUSE_IDS.flatMap((h) => houseCards(h, optionSchema.parse({})).map((c) => [c.id, c] as const)));

/** A default card by id, e.g. `c('MOR-07')`. */
export function c(id: string): Card {
  const card = DECK.get(id);
  if (!card) throw new Error(`no card ${id}`);
  return card;
}
export const cs = (...ids: string[]) => ids.map(c);

/** Every default card of a house that is not listed. */
export const restOf = (house: HouseId, ...taken: string[]) => [...DECK.values()].filter((x) => x.house === house && !taken.includes(x.id));

export interface Arrangement {
  /** Hands at the moment of the test, by seat (house ids of default cards). */
  hands: string[][];
  /** Reserves; default: the rest of each house. */
  reserves?: string[][];
  /** Cards in each seat's counter at the moment of the test (gifted by their owners in round 1). */
  counters?: string[][];
  dice: number[];
  /** Seat to act first (start marker holder) in the round under test. */
  start?: number;
  houses?: HouseId[];
  /** Keep the Six Rule window open (default: every player showing 6 declines it). */
  sixWindow?: boolean;
}

/**
 * Events that reach the first turn of a round with the arranged hands, reserves, counters and dice.
 * Without counters: stage 1, round 1. With counters: round 1 is spent gifting the counter cards
 * (each owner gives its cards), round 2 begins with no round draw, then the roll.
 */
export function arrange(a: Arrangement): SeledyneEvent[] {
  const seats = a.hands.length;
  const houses = a.houses ?? HOUSE_IDS.slice(0, seats);
  const counters = a.counters ?? houses.map(() => []);
  const start = a.start ?? 0;
  const gifts = houses.map((h) => counters.flatMap((ids, target) => ids.filter((id) => c(id).house === h).map((id) => ({ target, id }))));
  const hands = houses.map((_, i) => cs(...a.hands[i]!, ...gifts[i]!.map((g) => g.id)));
  const reserves = houses.map((h, i) => (a.reserves ? cs(...a.reserves[i]!) : restOf(h, ...hands[i]!.map((x) => x.id))));
  const roll: SeledyneEvent[] = [{ type: 'Rolled', dice: a.dice }];
  const sixes = a.dice.flatMap((d, seat) => (d === 6 && reserves[seat]!.length > 0 ? [{ seat, use: false, card: null }] : []));
  if (sixes.length && !a.sixWindow) roll.push({ type: 'SixRuleResolved', results: sixes });
  if (!a.counters) return [{ type: 'StageStarted', stage: 1, startSeat: start, hands, reserves }, ...roll];
  const out: SeledyneEvent[] = [
    { type: 'StageStarted', stage: 1, startSeat: (start + seats - 1) % seats, hands, reserves },
    { type: 'Rolled', dice: a.dice.map(() => 1) },
  ];
  for (let k = 0; k < seats; k++) {
    const seat = (start + seats - 1 + k) % seats;
    const byTarget = new Map<number, string[]>();
    for (const g of gifts[seat]!) byTarget.set(g.target, [...(byTarget.get(g.target) ?? []), g.id]);
    for (const [target, ids] of byTarget) out.push({ type: 'Gifted', seat, target, cards: cs(...ids), difference: 0 });
    out.push({ type: 'TurnEnded', seat, gifted: byTarget.size > 0, auto: false });
  }
  out.push({ type: 'RoundEnded', round: 2, startSeat: start }, { type: 'RoundDrawResolved', draws: [] }, ...roll);
  return out;
}


/** §4.3 worked example: Moraist rolled 5, counter Salaist-2 and Yarist-6, hand 1 3 6 8 10; Nabist 6, Salaist 1, Yarist 4. */
export const TRIBUTE_EXAMPLE: Arrangement = {
  houses: ['NAB', 'SAL', 'YAR', 'MOR'],
  hands: [['NAB-02'], ['SAL-03'], ['YAR-01'], ['MOR-01', 'MOR-03', 'MOR-06', 'MOR-08', 'MOR-10']],
  counters: [[], [], [], ['SAL-02', 'YAR-06']],
  dice: [6, 1, 4, 5],
  start: 3,
};

export function given(a: Arrangement, options: Record<string, unknown> = {}) {
  return scenario(seledyne, { seats: a.hands.length, options: { houses: a.houses ?? [], ...options } }).given(...arrange(a));
}

/** The moves `seat` may make in the arranged position. */
export function legal(a: Arrangement, seat: number, options: Record<string, unknown> = {}): Command[] {
  return seledyne.legalCommands(given(a, options).state, seat);
}

/** A table game started with a fixed seed, and a helper to play moves through the table. */
export function tableGame(seats: number, options: Record<string, unknown> = {}, seed = 'seed') {
  const t = table(seledyne);
  const events: TableEvent[] = [];
  let state = t.fold((events.push(...t.decide(null, { type: 'create', game: 'seledyne', seats, options, seed, seedFixed: true })), events));
  for (let s = 0; s < seats; s++) {
    const e = t.decide(state, { type: 'join', name: `p${s}`, tokenHash: `h${s}` });
    events.push(...e);
    state = t.fold(e, state);
  }
  return {
    t,
    events,
    get state() {
      return state;
    },
    play(seat: number, move: unknown) {
      const e = t.decide(state, { type: 'move', seat, move });
      events.push(...e);
      state = t.fold(e, state);
      return e;
    },
    /** Plays random legal moves until `until` holds (or the game ends). */
    run(until: () => boolean, botSeed = 1) {
      const rng = fastRng(botSeed);
      for (let n = 0; n < 50_000 && !state.ended && !until(); n++) {
        const st = t.status(state);
        expectMoversCanMove(st.toMove, seats, (x) => t.legalMoves(state, x));
        const seat = st.toMove[rng.int(st.toMove.length)]!;
        const legalMoves = t.legalMoves(state, seat);
        this.play(seat, legalMoves[rng.int(legalMoves.length)]);
      }
    },
  };
}

export type Move = [seat: number, move: Record<string, unknown>];

/** The events of `moves` played in turn from the arranged position (each checked by decide). */
export function played(a: Arrangement, options: Record<string, unknown>, moves: Move[], rng = fastRng(1)): SeledyneEvent[] {
  const start = arrange(a);
  let state: State = given(a, options).state;
  const out: SeledyneEvent[] = [...start];
  for (const [seat, move] of moves) {
    const events = seledyne.decide(state, seledyne.command.parse(move), seat, rng);
    out.push(...events);
    state = events.reduce((s, e) => seledyne.evolve(s, e), state);
  }
  return out;
}

/** given/when/then after some moves from the arranged position. */
export function givenAfter(a: Arrangement, options: Record<string, unknown>, moves: Move[]) {
  return scenario(seledyne, { seats: a.hands.length, options: { houses: a.houses ?? [], ...options } }).given(...played(a, options, moves));
}

/** A scripted Rng: returns the listed values in order (then 0). */
export function scripted(...values: number[]) {
  let i = 0;
  return { int: (n: number) => Math.min(values[i++] ?? 0, n - 1) };
}

/** Events with each RoundsRolled (rounds that played themselves, rounds.ts) written out round by round, as the rules describe them. */
export const roundByRound = (events: readonly SeledyneEvent[]): SeledyneEvent[] => events.flatMap((e) => seledyne.expand!(e) ?? [e]);
