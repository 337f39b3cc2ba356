/**
 * Test helpers: card ids by type and colour, a given-history builder that reaches any
 * position through real events, and a way to continue a history with real decisions.
 */
import { fastRng, type Rng, type TableEvent } from '../../../services/engine/core/index.js';
import { scenario } from '../../kit/gwt.js';
import { tableHistory as kitTableHistory } from '../../kit/history.js';
import { CARDS, type CardType, type Colour } from '../../../services/engine/games/sea-salt-and-paper/cards.js';
import type { Event } from '../../../services/engine/games/sea-salt-and-paper/events.js';
import { seaSaltAndPaper as game } from '../../../services/engine/games/sea-salt-and-paper/index.js';
import type { Options } from '../../../services/engine/games/sea-salt-and-paper/options.js';
import type { State } from '../../../services/engine/games/sea-salt-and-paper/state.js';

export { game };

/** The ids of every card of a type (in a colour), in id order. */
export function ids(type: CardType, colour?: Colour): number[] {
  return CARDS.filter((c) => c.type === type && (colour === undefined || c.colour === colour)).map((c) => c.id);
}

/** One card: the `nth` of a type (in a colour). */
export function id(type: CardType, colour?: Colour, nth = 0): number {
  const found = ids(type, colour)[nth];
  if (found === undefined) throw new Error(`no ${colour ?? ''} ${type} #${nth}`);
  return found;
}

export interface Position {
  seats: number;
  /** Round 1's first player (default 0). */
  starter?: number;
  /** Whose turn it is (default: the starter). */
  active?: number;
  hands?: number[][];
  played?: number[][];
  /** Discard piles, bottom first (default: one leftover card each). */
  discards?: [number[], number[]];
  /** The top of the draw pile, top first; the other cards follow in id order. */
  deckTop?: number[];
  /** How many cards stay in the draw pile; the rest are dealt in turn to the hands of `overflow`. */
  deckCount?: number;
  overflow?: number | number[];
  /** `draw` (default): the active turn starts; `play`: the active seat has just taken its last hand card. */
  phase?: 'draw' | 'play';
}

/**
 * Real events that lead to a position: a round start with a stacked deck, cards drawn into the
 * hands, extra discards put down by draw-two-keep-one, duos played, then the turn passing to
 * the active seat.
 */
export function position(p: Position): Event[] {
  const n = p.seats;
  const starter = p.starter ?? 0;
  const active = p.active ?? starter;
  const hands = Array.from({ length: n }, (_, i) => [...(p.hands?.[i] ?? [])]);
  const played = Array.from({ length: n }, (_, i) => [...(p.played?.[i] ?? [])]);
  const used = new Set([...hands.flat(), ...played.flat(), ...(p.discards?.flat() ?? []), ...(p.deckTop ?? [])]);
  const free = CARDS.map((c) => c.id).filter((c) => !used.has(c));
  const discards: number[][] = p.discards ? p.discards.map((d) => [...d]) : [[free.shift()!], [free.shift()!]];
  const deckTail = [...(p.deckTop ?? []), ...free];
  if (p.deckCount !== undefined) {
    const to = [p.overflow ?? (active + 1) % n].flat();
    deckTail.splice(p.deckCount).forEach((card, i) => hands[to[i % to.length]!]!.push(card));
  }
  // Cards gained by each seat, in gain order: from hands first, then the cards to be played.
  const pool = hands.map((h, i) => [...h, ...played[i]!]);
  const last = p.phase === 'play' ? pool[active]!.pop() : undefined;
  const owner = () => pool.findIndex((x) => x.length > 0);
  const events: Event[] = [];
  const deck: number[] = [];
  const init: number[] = discards.map((d, pile) => {
    if (d.length > 0) return d[0]!;
    const seat = owner();
    const card = pool[seat]!.shift()!;
    events.push({ type: 'TookDiscard', seat, pile, card });
    return card;
  });
  discards.forEach((d, pile) =>
    d.slice(1).forEach((discarded) => {
      const seat = owner();
      if (seat < 0) throw new Error('position: more discards than hand cards to draw them with');
      const card = pool[seat]!.shift()!;
      deck.push(card, discarded);
      events.push({ type: 'Drew', seat, count: 2, cards: [card, discarded] }, { type: 'Kept', seat, card, discarded, pile });
    }),
  );
  pool.forEach((cards, seat) =>
    cards.forEach((card) => {
      deck.push(card);
      events.push({ type: 'Drew', seat, count: 1, cards: [card] });
    }),
  );
  played.forEach((cards, seat) => {
    for (let i = 0; i < cards.length; i += 2) events.push({ type: 'DuoPlayed', seat, cards: [cards[i]!, cards[i + 1]!], duo: duoName(cards[i]!), effect: false });
  });
  events.push({ type: 'TurnEnded', seat: (active + n - 1) % n, next: active });
  if (last !== undefined) {
    deck.push(last);
    events.push({ type: 'Drew', seat: active, count: 1, cards: [last] });
  }
  deck.push(...deckTail);
  return [{ type: 'RoundStarted', round: 1, starter, deckCount: deck.length, discards: [init[0]!, init[1]!], deck }, ...events];
}

function duoName(card: number) {
  const t = CARDS[card]!.type;
  return t === 'shark' || t === 'swimmer' ? ('sharkSwimmer' as const) : (t as 'crab' | 'boat' | 'fish');
}

export const setup = (seats: number, options: Partial<Options> = {}) => ({ seats, options: game.options.parse(options) });

export function fold(seats: number, events: readonly Event[], options: Partial<Options> = {}): State {
  return events.reduce((s, e) => game.evolve(s, e), game.initialState(setup(seats, options)));
}

export type Step = [number, unknown | ((s: State) => unknown)];

/** Continues a history with the events of real decisions (a move may be computed from the state). */
export function act(seats: number, events: readonly Event[], moves: Step[], options: Partial<Options> = {}, rng: Rng = fastRng(1)): Event[] {
  const out = [...events];
  for (const [seat, move] of moves) {
    const s = fold(seats, out, options);
    out.push(...game.decide(s, game.command.parse(typeof move === 'function' ? move(s) : move), seat, rng));
  }
  return out;
}

/** The full table history (creation, seats taken) around game events, for `expectIndistinguishable`. */
export function tableHistory(seats: number, events: readonly Event[], options: Partial<Options> = {}): TableEvent[] {
  return kitTableHistory(game, seats, options, events);
}

/** Keeps the first drawn card; the other goes on an empty pile if there is one, else on pile 0. */
export const keepFirst = (s: State) => ({ type: 'keep', card: s.drawn[0], pile: s.discards[0]!.length === 0 || s.discards[1]!.length > 0 ? 0 : 1 });

/** A plain turn: draw two, keep the first, end the turn. */
export const plainTurn = (seat: number): Step[] => [
  [seat, { type: 'draw' }],
  [seat, keepFirst],
  [seat, { type: 'endTurn' }],
];

/** test/kit/gwt.ts's scenario for this game (typed by it). */
export const S = (seats: number, options: Partial<Options> = {}) => scenario(game, { seats, options });
