/**
 * `decide` runs the rules on a working copy (the core `Emitter`): each rule reads the state as it
 * is after the previous event. `Sim` adds the rng and the card moves the rules emit. The copy is
 * made once per move and changed in place by each later event (evolve.ts `applyEvent`): a rule
 * reads the state afresh from `sim.state` after it emits, never from a state it held before.
 */
import { Emitter, type Rng } from '../../core/index.js';
import { numberOf } from './cards.js';
import type { Event, Loc, Vis } from './events.js';
import { applyEvent, evolve } from './evolve.js';
import { countPassiveAll } from './protect.js';
import type { Pending, State } from './state.js';

/** Thrown by `Sim.emit` when a second Villager shows face-up (§4.1 #0): the move stops, the round ends. */
export class VillagersMet extends Error {}
/** One instance, thrown each time: an Error built per throw records a stack trace, dear on the hot path and never read. */
const VILLAGERS_MET = new VillagersMet('two Villagers face-up: the round ends');

/** A Villager (a 0) turned or put face-up in a village. */
const showsZero = (e: Event) => (e.type === 'Flip' && e.up && e.card === 0) || (e.type === 'Move' && e.to.z === 'village' && !!e.up && e.card === 0);

export class Sim extends Emitter<State, Event> {
  constructor(
    s: State,
    readonly rng: Rng,
  ) {
    super(s, evolve, applyEvent);
  }

  /**
   * Applies one event (every rule emits one at a time: no rest list to build and spread per
   * event); with villagerCheck=anyEvent, stops the move as soon as two Villagers are face-up.
   */
  override emit(e: Event): this {
    super.emit(e);
    const s = this.state;
    if (s.phase !== 'play' || s.o.villagerCheck !== 'anyEvent') return this;
    if (showsZero(e) && villagersUp(s) >= 2) throw VILLAGERS_MET;
    return this;
  }

  /** Moves one card; `card` (its number) is computed here from the state. */
  move(from: Loc, to: Loc, vis: Vis, extra?: { up?: boolean; learn?: boolean; pub?: boolean }) {
    const card = numberOf(idAt(this.state, from));
    // Literals for the common shapes, keys in the order a spread gives (an object spread is slow here).
    if (extra === undefined) this.emit({ type: 'Move', from, to, card, vis });
    else if (extra.pub === undefined && extra.learn === undefined && extra.up !== undefined) this.emit({ type: 'Move', from, to, card, vis, up: extra.up });
    else if (extra.pub === undefined && extra.up === undefined && extra.learn !== undefined) this.emit({ type: 'Move', from, to, card, vis, learn: extra.learn });
    else this.emit({ type: 'Move', from, to, card, vis, ...extra });
  }

  pending(p: Pending | null) {
    this.emit({ type: 'Pending', pending: p });
  }
}

/** Face-up Villagers (amulet 0) in all villages. */
export const villagersUp = (s: State) => countPassiveAll(s, 'villagerEnd');

export function idAt(s: State, at: Loc): number {
  switch (at.z) {
    case 'deck':
      return s.deck[s.deck.length - 1]!;
    case 'discard':
      return s.discard[s.discard.length - 1]!;
    case 'bottom':
      return s.discard[0]!;
    case 'pile':
      return s.discard[at.i]!;
    case 'display':
      return s.display[at.i]!;
    case 'hand':
      return s.hand[at.i]!;
    case 'village':
      return s.villages[at.s]![at.p]!;
    case 'kept':
      return s.kept[at.s]![at.i]!;
  }
}
