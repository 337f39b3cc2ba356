/**
 * `decide` runs the rules on a working copy (the core `Emitter`): each rule reads the state as it
 * is after the previous event. `Sim` adds the rng and the card moves the rules emit.
 */
import { Emitter, type Rng } from '../../core/index.js';
import { numberOf } from './cards.js';
import type { Event, Loc, Vis } from './events.js';
import { evolve } from './evolve.js';
import type { Pending, State } from './state.js';

export class Sim extends Emitter<State, Event> {
  constructor(
    s: State,
    readonly rng: Rng,
  ) {
    super(s, evolve);
  }

  /** Moves one card; `card` (its number) is computed here from the state. */
  move(from: Loc, to: Loc, vis: Vis, extra: { up?: boolean; learn?: boolean; pub?: boolean } = {}) {
    const id = idAt(this.state, from);
    this.emit({ type: 'Move', from, to, card: numberOf(id), vis, ...extra });
  }

  pending(p: Pending | null) {
    this.emit({ type: 'Pending', pending: p });
  }
}

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
