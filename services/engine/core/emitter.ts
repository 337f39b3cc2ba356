/**
 * The working copy `decide` runs its rules on: each emitted event is applied with the game's
 * `evolve` at once, so the next rule check reads the state as it is after that event.
 * `evolve` stays the only place that changes the state; the events are the output.
 */
export class Emitter<S, E> {
  readonly #from: S;
  #state: S;
  readonly #events: E[] = [];
  readonly #evolve: (s: S, e: E) => S;
  readonly #applyInPlace: ((own: S, e: E) => void) | undefined;

  /**
   * With `applyInPlace` (what `evolve` does to its own fresh copy, done to `own` itself), the first
   * event is applied by `evolve` and the rest change that copy in place: one copy of the state per
   * `decide`, not one per event. `evolve` must then always return a new object. The game's rules
   * must read a state they held before an event again from `state` (the copy changes under them).
   */
  constructor(state: S, evolve: (s: S, e: E) => S, applyInPlace?: (own: S, e: E) => void) {
    this.#from = state;
    this.#state = state;
    this.#evolve = evolve;
    this.#applyInPlace = applyInPlace;
  }

  /** Records and applies `events` in order; returns `this` so game helpers can chain. */
  emit(...events: E[]): this {
    return this.emitAll(events);
  }

  /** `emit` of a list the caller holds: no argument array is made (a game's automatic steps emit at every move). */
  emitAll(events: readonly E[]): this {
    for (let i = 0; i < events.length; i++) this.emitOne(events[i]!);
    return this;
  }

  /** `emit` of one event, without the argument array `emit` makes. */
  emitOne(e: E): this {
    this.#events.push(e);
    if (this.#applyInPlace !== undefined && this.#state !== this.#from) this.#applyInPlace(this.#state, e);
    else this.#state = this.#evolve(this.#state, e);
    return this;
  }

  /** The state after every event emitted so far. */
  get state(): S {
    return this.#state;
  }

  /** The events emitted so far, in order (a copy: callers may return it as `decide`'s result). */
  get events(): E[] {
    const out = this.#events.slice();
    handedOut = out;
    handedFrom = this.#from;
    handedTo = this.#state;
    handedEvolve = this.#evolve;
    handedLength = out.length;
    return out;
  }
}

/**
 * The events array an `Emitter` handed out last, with the state it had computed for it (see
 * `stateAfter`). One slot, not a map: the table asks right after `decide` returns, and a
 * WeakMap entry per move costs the garbage collector more than the fold it saves.
 */
let handedOut: readonly unknown[] | null = null;
let handedFrom: unknown;
let handedTo: unknown;
let handedEvolve: unknown;
let handedLength = 0;

/**
 * The state `events` lead to from `from` under `evolve`, when an `Emitter` already applied exactly
 * these (the very array its `events` returned, unchanged, from the same state, with the same
 * evolve); otherwise undefined. Lets the table skip a second fold of what `decide` just applied.
 */
export function stateAfter<S, E>(events: readonly E[], from: S, evolve: (s: S, e: E) => S): S | undefined {
  return handedOut === events && handedFrom === from && handedEvolve === evolve && handedLength === events.length ? (handedTo as S) : undefined;
}
