/**
 * Test fixtures for SCOUT: hands written as active values ("3 9 4 4" or "7/3" for the 3/7
 * card with 7 up), deals built as real events, positions reached by real moves.
 */
import { fastRng, type Seat } from '../../../services/engine/core/index.js';
import { cardsInPlay, type Card, type PlacedCard } from '../../../services/engine/games/scout/cards.js';
import type { Command } from '../../../services/engine/games/scout/commands.js';
import type { RoundDealt, ScoutEvent } from '../../../services/engine/games/scout/events.js';
import { scout } from '../../../services/engine/games/scout/index.js';
import type { Options } from '../../../services/engine/games/scout/options.js';
import type { State } from '../../../services/engine/games/scout/state.js';
import { scenario } from '../../kit/gwt.js';

export { scout };

/**
 * Cards for a hand written as active values, left to right: "v" takes an unused card bearing
 * v (v up), "v/w" the card {v, w} with v up. Marks the cards used. Generic tokens are matched
 * to cards as a whole (augmenting paths), so a greedy pick never starves a later token.
 */
export function cardsFor(spec: string, pool: readonly Card[], used: Set<number>): PlacedCard[] {
  const tokens = spec.trim() ? spec.trim().split(/\s+/) : [];
  const out: (PlacedCard | null)[] = tokens.map(() => null);
  const place = (card: Card, up: number): PlacedCard => ({ id: card.id, lo: card.lo, hi: card.hi, up });
  tokens.forEach((t, i) => {
    if (!t.includes('/')) return;
    const [v, w] = t.split('/').map(Number) as [number, number];
    const card = pool.find((c) => !used.has(c.id) && ((c.lo === v && c.hi === w) || (c.lo === w && c.hi === v)));
    if (!card) throw new Error(`no card left for "${t}"`);
    used.add(card.id);
    out[i] = place(card, v);
  });
  const generic = tokens.flatMap((t, i) => (t.includes('/') ? [] : [i]));
  const owner = new Map<number, number>(); // card id → token index
  const fits = (i: number) => pool.filter((c) => !used.has(c.id) && (c.lo === Number(tokens[i]) || c.hi === Number(tokens[i])));
  const assign = (i: number, seen: Set<number>): boolean =>
    fits(i).some((c) => {
      if (seen.has(c.id)) return false;
      seen.add(c.id);
      const other = owner.get(c.id);
      if (other !== undefined && !assign(other, seen)) return false;
      owner.set(c.id, i);
      return true;
    });
  for (const i of generic) if (!assign(i, new Set())) throw new Error(`no card left for "${tokens[i]}"`);
  for (const [id, i] of owner) {
    used.add(id);
    out[i] = place(pool.find((c) => c.id === id)!, Number(tokens[i]));
  }
  return out as PlacedCard[];
}

export const values = (cards: readonly { up: number }[]) => cards.map((c) => c.up);

/** A RoundDealt with the given hands (as value specs); other cards of the deck stay out. */
export function dealt(seats: number, hands: string[], o: { round?: number; start?: Seat; setAside?: string } = {}): RoundDealt {
  const used = new Set<number>();
  const pool = cardsInPlay(seats);
  const cards = hands.map((h) => cardsFor(h, pool, used));
  const setAside = o.setAside === undefined ? [] : cardsFor(o.setAside, pool, used);
  return {
    type: 'RoundDealt',
    round: o.round ?? 1,
    startPlayer: o.start ?? 0,
    hands: cards,
    handSizes: cards.map((h) => h.length),
    setAside,
    setAsideCount: setAside.length,
  };
}

export interface Position {
  seats: number;
  options: Options;
  events: ScoutEvent[];
  state: State;
  /** The events of the last move. */
  last: ScoutEvent[];
  /** Plays `command` for `seat` through the real decide. */
  play(seat: Seat, command: Command): Position;
  /** given/when/then from this position (test/kit/gwt.ts). */
  given(): ReturnType<ReturnType<typeof scenario<State, Command, ScoutEvent, Options>>['given']>;
}

export function position(seats: number, options: Partial<Options>, events: ScoutEvent[], last: ScoutEvent[] = []): Position {
  const parsed = scout.options.parse(options);
  const state = events.reduce(scout.evolve, scout.initialState({ seats, options: parsed }));
  return {
    seats,
    options: parsed,
    events,
    state,
    last,
    play(seat, command) {
      const produced = scout.decide(state, scout.command.parse(command), seat, fastRng(events.length + 1));
      return position(seats, options, [...events, ...produced], produced);
    },
    given: () => scenario(scout, { seats, options }).given(...events),
  };
}

/** A round in play: dealt with these hands, nobody rotated, `start` to act first. */
export function playing(seats: number, hands: string[], o: { start?: Seat; options?: Partial<Options>; setAside?: string; round?: number } = {}): Position {
  const deal = dealt(seats, hands, o);
  const rotations: ScoutEvent[] = hands.map((_, seat) => ({ type: 'RotationChosen', seat, rotate: false }));
  return position(seats, o.options ?? {}, [deal, ...rotations, { type: 'PlayBegan', round: deal.round, player: deal.startPlayer }]);
}

/** A freshly dealt round (rotation choices still open). */
export function dealing(seats: number, hands: string[], o: { start?: Seat; options?: Partial<Options>; setAside?: string } = {}): Position {
  return position(seats, o.options ?? {}, [dealt(seats, hands, o)]);
}

export const eventsOf = <T extends ScoutEvent['type']>(events: readonly ScoutEvent[], type: T) =>
  events.filter((e): e is Extract<ScoutEvent, { type: T }> => e.type === type);

/**
 * A mid-round position with every card of the round accounted for: the hands and the Active
 * Set as written, the rest of the deck spread over the captured piles by the given counts.
 */
export function arranged(
  seats: number,
  o: {
    hands: string[];
    active?: string;
    owner?: Seat | null;
    captured: number[];
    chips: number[];
    turn: Seat;
    consecutiveScouts?: number;
    round?: number;
    options?: Partial<Options>;
  },
): Position {
  const used = new Set<number>();
  const pool = cardsInPlay(seats);
  const base = playing(seats, o.hands, { start: o.turn, round: o.round, options: o.options });
  const handIds = base.state.hands.flat().map((c) => c.id);
  handIds.forEach((id) => used.add(id));
  const active = cardsFor(o.active ?? '', pool, used);
  const rest = pool.filter((c) => !used.has(c.id)).map((c) => c.id);
  let next = 0;
  const captured = o.captured.map((n) => rest.slice(next, (next += n)));
  if (captured.flat().length !== o.captured.reduce((a, b) => a + b, 0)) throw new Error('not enough cards for the captured piles');
  const state: State = {
    ...base.state,
    active,
    owner: o.owner ?? null,
    captured,
    chips: o.chips,
    turn: o.turn,
    consecutiveScouts: o.consecutiveScouts ?? 0,
  };
  return fromState(seats, base.options, state);
}

/** A position from a hand-made state (for scoring examples whose history is not given). */
export function fromState(seats: number, options: Options, state: State, last: ScoutEvent[] = []): Position {
  return {
    seats,
    options,
    events: [],
    state,
    last,
    play(seat, command) {
      const produced = scout.decide(state, scout.command.parse(command), seat, fastRng(1));
      return fromState(seats, options, produced.reduce(scout.evolve, state), produced);
    },
    given: () => {
      throw new Error('a hand-made position has no event history');
    },
  };
}
