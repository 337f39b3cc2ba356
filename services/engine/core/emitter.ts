/**
 * The working copy `decide` runs its rules on: each emitted event is applied with the game's
 * `evolve` at once, so the next rule check reads the state as it is after that event.
 * `evolve` stays the only place that changes the state; the events are the output.
 */
export class Emitter<S, E> {
  #state: S;
  readonly #events: E[] = [];
  readonly #evolve: (s: S, e: E) => S;

  constructor(state: S, evolve: (s: S, e: E) => S) {
    this.#state = state;
    this.#evolve = evolve;
  }

  /** Records and applies `events` in order; returns `this` so game helpers can chain. */
  emit(...events: E[]): this {
    for (const e of events) {
      this.#events.push(e);
      this.#state = this.#evolve(this.#state, e);
    }
    return this;
  }

  /** The state after every event emitted so far. */
  get state(): S {
    return this.#state;
  }

  /** The events emitted so far, in order (a copy: callers may return it as `decide`'s result). */
  get events(): E[] {
    return this.#events.slice();
  }
}
