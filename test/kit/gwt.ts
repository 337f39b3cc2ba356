/**
 * Given-when-then on a game's decider (Emmett style):
 *   scenario(scout, { seats: 3, options })
 *     .given(dealt, rotated)
 *     .when(0, { type: 'show', from: 0, to: 1 })
 *     .then([...expected events])   // or .thenRefused('ILLEGAL_MOVE'), .state()
 */
import { expect } from 'vitest';
import { fastRng, RuleViolation, type Game, type GameEvent, type Rng, type Seat } from '../../services/engine/core/index.js';

/** Typed by the game: `given` takes its events, `state()` returns its state. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function scenario<S, C, E extends GameEvent, O>(game: Game<S, C, E, O, any, any>, setup: { seats: number; options?: unknown }) {
  const options = game.options.parse(setup.options ?? {});
  const ctx = { seats: setup.seats, options };
  return {
    given(...events: E[]) {
      const state = events.reduce((s, e) => game.evolve(s, e), game.initialState(ctx));
      return {
        state,
        when(seat: Seat, command: unknown, rng: Rng = fastRng(1)) {
          const decide = (): E[] => game.decide(state, game.command.parse(command), seat, rng);
          return {
            events: decide,
            then(expected: E[]) {
              expect(decide()).toEqual(expected);
            },
            thenRefused(code: string, messagePart?: string) {
              let error: unknown;
              try {
                decide();
              } catch (e) {
                error = e;
              }
              expect(error, 'the command should be refused').toBeInstanceOf(RuleViolation);
              expect((error as RuleViolation).code).toBe(code);
              if (messagePart) expect((error as RuleViolation).message).toContain(messagePart);
            },
            /** The state after the command's events. */
            state(): S {
              return decide().reduce((s, e) => game.evolve(s, e), state);
            },
          };
        },
      };
    },
  };
}
