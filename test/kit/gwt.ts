/**
 * Given-when-then on a game's decider (Emmett style):
 *   scenario(scout, { seats: 3, options })
 *     .given(dealt, rotated)
 *     .when(0, { type: 'show', from: 0, to: 1 })
 *     .then([...expected events])   // or .thenRefused('ILLEGAL_MOVE'), .state()
 */
import { expect } from 'vitest';
import { fastRng, RuleViolation, type AnyGame, type GameEvent, type Rng, type Seat, type SetupContext } from '../../services/engine/core/index.js';

export function scenario(game: AnyGame, setup: SetupContext<unknown>) {
  const options = game.options.parse(setup.options ?? {});
  const ctx = { seats: setup.seats, options };
  return {
    given(...events: GameEvent[]) {
      const state = events.reduce((s, e) => game.evolve(s, e), game.initialState(ctx));
      return {
        state,
        when(seat: Seat, command: unknown, rng: Rng = fastRng(1)) {
          const decide = () => game.decide(state, game.command.parse(command), seat, rng) as GameEvent[];
          return {
            events: decide,
            then(expected: GameEvent[]) {
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
            state() {
              return decide().reduce((s, e) => game.evolve(s, e), state);
            },
          };
        },
      };
    },
  };
}
