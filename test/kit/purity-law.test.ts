/**
 * The purity law, for every game and seat count: `decide` and `evolve` never change the state they
 * are given. The table, the lab and a search's playouts all keep states that later moves share
 * (arrays are replaced, never changed), and a game's `decide` may change its own working copy in
 * place (Silver's Emitter `applyInPlace`): a slip there would change a state someone still holds.
 * Random moves of each game; before each move a deep snapshot (JSON) of the play state, compared
 * after `decide`, and of each state `evolve` is handed, compared after it returns.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, randomBot, seatedTable, table, type AnyGame, type TableEvent } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';

/** Moves per game, seat count and option set (Silver: three decks, so 3,600 per seat count): several games each, about 2 s of CPU in all. */
const MOVES = 1200;

/** Each game's option sets: its defaults, and Silver's three base decks (each runs powers the others never reach). */
const optionSets = (game: AnyGame): unknown[] => (game.id === 'silver' ? [{ edition: 'amulet' }, { edition: 'coin' }, { edition: 'dagger' }] : [{}]);

/** The first change `decide` or `evolve` made to a state handed to it, as a message; null when there was none. */
export function firstMutation(game: AnyGame, seats: number, options: unknown, moves: number): string | null {
  const t = table(game);
  const rng = fastRng(seats);
  let s = seatedTable(t, { seats, options, seed: `purity-${game.id}-${seats}` });
  for (let i = 0, played = 0; played < moves; i++) {
    if (s.ended) s = seatedTable(t, { seats, options, seed: `purity-${game.id}-${seats}-${i}` });
    const toMove = t.status(s).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    const move = randomBot(undefined, t.legalMoves(s, seat), rng);
    const before = JSON.stringify(s.play);
    const events = t.decide(s, { type: 'move', seat, move });
    if (JSON.stringify(s.play) !== before) return `decide changed its state at move ${played} (${JSON.stringify(move)})`;
    // evolve, event by event, from the same state (the table may have skipped it: decide's copy).
    // Each state handed to evolve is snapshotted before and compared after the whole chain.
    let p = s.play;
    const handed: [unknown, string, string][] = [];
    for (const e of events as TableEvent[]) {
      if (e.type === 'GameEnded') continue;
      handed.push([p, p === s.play ? before : JSON.stringify(p), e.type]);
      p = game.evolve(p, e);
    }
    for (const [state, held, type] of handed) if (JSON.stringify(state) !== held) return `evolve changed its state at move ${played} (event ${type})`;
    s = t.fold(events, s);
    played++;
  }
  return null;
}

describe('the purity law: decide and evolve never change the state they are given', () => {
  for (const game of games)
    for (let seats = game.seats.min; seats <= game.seats.max; seats++)
      for (const options of optionSets(game))
        it(`${game.id}, ${seats} seats${game.id === 'silver' ? `, ${(options as { edition: string }).edition}` : ''}`, () => {
          expect(firstMutation(game, seats, options, MOVES)).toBeNull();
        });
});
