/**
 * Test helpers: build a round with chosen cards (by number) and play it step by step with the
 * given/when/then kit.
 */
import { expect } from 'vitest';
import { pick, type Bot, type GameEvent } from '../../../services/engine/core/index.js';
import { numberOf } from '../../../services/engine/games/silver/cards.js';
import type { Command } from '../../../services/engine/games/silver/commands.js';
import type { Event } from '../../../services/engine/games/silver/events.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import type { State } from '../../../services/engine/games/silver/state.js';
import type { SilverView } from '../../../services/engine/games/silver/view.js';
import { scenario } from '../../kit/gwt.js';

export interface Setup {
  seats?: number;
  options?: Record<string, unknown>;
  /** Card numbers of each village, left to right. */
  villages: number[][];
  /** Deck card numbers, top first. */
  deck?: number[];
  /** Pad the deck with other cards (under the named ones) up to this size. */
  deckSize?: number;
  /** Discard pile card numbers, bottom first. */
  discard?: number[];
  start?: number;
  token?: { holder: number; active: boolean };
  /** [seat, position] of cards face-up at the start. */
  up?: [number, number][];
  round?: number;
  /** Start in the peek phase instead of a started turn. */
  peek?: boolean;
}

/** The events that set up such a round (a normal deal, then flips). */
export function dealEvents(o: Setup): Event[] {
  const seats = o.seats ?? o.villages.length;
  const pool = Array.from({ length: 14 }, (_, n) => Array.from({ length: 52 }, (_, i) => i).filter((i) => numberOf(i) === n));
  const take = (n: number) => {
    const id = pool[n]!.shift();
    if (id === undefined) throw new Error(`no card ${n} left`);
    return id;
  };
  const rows = o.villages.map((r) => r.map(take));
  const discard = (o.discard ?? []).map(take);
  const named = (o.deck ?? []).map(take);
  const rest = pool.flat();
  const pad = Math.max(0, (o.deckSize ?? named.length) - named.length);
  const deck = [...rest.slice(0, pad), ...named.slice().reverse(), ...discard.slice().reverse()];
  const box = rest.slice(pad);
  while (rows.length < 4) rows.push([]);
  const start = o.start ?? 0;
  const events: Event[] = [
    { type: 'TokenAssigned', holder: o.token?.holder ?? start, active: o.token?.active ?? false },
    { type: 'RoundDealt', round: o.round ?? 1, start, villages: rows, box, deck, sizes: { villages: rows.map((r) => r.length), box: box.length, deck: deck.length } },
    ...discard.map((id): Event => ({ type: 'Move', from: { z: 'deck' }, to: { z: 'discard' }, card: numberOf(id), vis: 'all' })),
    ...(o.up ?? []).map(([s, p]): Event => ({ type: 'Flip', s, p, up: true, card: o.villages[s]![p]! })),
  ];
  if (o.peek) return events;
  for (let s = 0; s < seats; s++) events.push({ type: 'Peeked', seat: s, positions: [], cards: [] });
  events.push({ type: 'TurnStarted', seat: start, extra: false });
  return events;
}

export class Flow {
  constructor(
    readonly seats: number,
    readonly options: Record<string, unknown>,
    readonly events: GameEvent[],
    readonly last: GameEvent[] = [],
  ) {}

  private given() {
    return scenario(silver, { seats: this.seats, options: this.options }).given(...(this.events as Event[]));
  }

  get state(): State {
    return this.given().state as State;
  }

  /** Plays one move (it must be legal) and returns the flow after it. */
  do(seat: number, cmd: Command): Flow {
    const legal = this.legal(seat).map((c) => JSON.stringify(c));
    if (!(cmd.type === 'exchange' && cmd.positions && cmd.positions.length > 1)) expect(legal, `move ${JSON.stringify(cmd)} should be legal`).toContain(JSON.stringify(cmd));
    const produced = this.given().when(seat, cmd).events();
    return new Flow(this.seats, this.options, [...this.events, ...produced], produced);
  }

  /** Plays several moves of one seat. */
  all(seat: number, ...cmds: Command[]): Flow {
    return cmds.reduce((f: Flow, c) => f.do(seat, c), this);
  }

  refused(seat: number, cmd: Command, part?: string) {
    this.given().when(seat, cmd).thenRefused('ILLEGAL_MOVE', part);
  }

  legal(seat: number): Command[] {
    return silver.legalCommands(this.state, seat);
  }

  view(seat: number | null): SilverView {
    return silver.view(this.state, seat);
  }

  /** Card numbers of a village as `seat` sees it (null = hidden). */
  row(owner: number, viewer: number | null = owner): (number | null)[] {
    return this.view(viewer).villages[owner]!.cards.map((c) => c.card?.number ?? null);
  }

  /** Card numbers of a village (the truth). */
  truth(owner: number): number[] {
    return this.state.villages[owner]!.map(numberOf);
  }

  types(): string[] {
    return this.last.map((e) => e.type);
  }
}

export function round(o: Setup): Flow {
  return new Flow(o.seats ?? o.villages.length, o.options ?? {}, dealEvents(o));
}

/** A round set up as `round(o)`, then these events (a state no deal gives directly: a guard, a rotation …). */
export const withEvents = (o: Setup, extra: Event[]) => new Flow(o.seats ?? o.villages.length, o.options ?? {}, [...dealEvents(o), ...extra]);

/** Every card id is in exactly one place (52 in all, §2.1). */
export function cardsConserved(s: State) {
  const all = [...s.villages.flat(), ...s.deck, ...s.discard, ...s.display, ...s.box, ...s.hand, ...s.kept.flat()];
  // A plain check first: this runs after every move of the playthroughs, and expect costs more than the count.
  if (all.length === 52 && new Set(all).size === 52) return;
  expect(all.length).toBe(52);
  expect(new Set(all).size).toBe(52);
}

/** Applies every optional Debt Collector and Halfling as it comes up (their holders confirm). */
export function applyScoring(f: Flow): Flow {
  let g = f;
  for (let p = g.state.pending; p?.kind === 'score' && (p.op === 'debt' || p.op === 'halve'); p = g.state.pending) g = g.do(p.seat, { type: 'confirm' });
  return g;
}

export const draw = { type: 'draw' } as const;
export const power = { type: 'power' } as const;
export const discard = { type: 'discard' } as const;
export const tgt = (seat: number, position: number) => ({ type: 'target', seat, position }) as const;

/**
 * A random bot that picks a move type uniformly, then a move of that type: every kind of move
 * (call, power, give …) gets played often, and random multi-card exchanges stay small.
 */
export const typeBot: Bot = (_view, legal, rng) => {
  const types = [...new Set((legal as Command[]).map((c) => c.type))];
  const type = types[rng.int(types.length)];
  return pick((legal as Command[]).filter((c) => c.type === type), rng);
};

