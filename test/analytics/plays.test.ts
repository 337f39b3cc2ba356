/**
 * The compact record (`npm run simulate`'s default: games.ndjson and plays.ndjson): expanded by
 * replaying its games, it is the very tables a run writing them would have written (the clock's
 * stamps aside: a compact run keeps each game's start and end only), and a plays file that does
 * not replay to its games line is refused, never expanded into other games.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandPlays, needsExpanding } from '../../services/analytics/plays.js';
import { simulate } from '../../services/analytics/simulate.js';

const dir = () => mkdtemp(join(tmpdir(), 'parlor-plays-'));
const CLOCK = ['createdAt', 'endedAt', 'at', 'sincePreviousMs'];
/** A table's lines without the clock's fields, in a fixed order (threads finish games in any order). */
async function table(out: string, file: string): Promise<string[]> {
  const text = await readFile(join(out, file), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(l) as object).filter(([k]) => !CLOCK.includes(k)))))
    .sort();
}

describe('the compact record', () => {
  it.each([
    // Options given (the creation commands record them as given), random and greedy seats, games stopped at the move cap.
    { game: 'scout', seats: 2, games: 12, bots: 'random,greedy', options: { twoPlayerAllowPass: true }, maxMoves: 12 },
    { game: 'sea-salt-and-paper', seats: 3, games: 6, bots: 'greedy' },
  ])('expands to the tables a full run writes: $game', async (spec) => {
    const [compact, full] = [await dir(), await dir()];
    await Promise.all([simulate({ ...spec, out: compact, workers: 2, seed: 'plays' }), simulate({ ...spec, out: full, workers: 1, seed: 'plays', format: 'ndjson' })]);
    expect(needsExpanding(compact)).toBe(true);
    expect(await expandPlays(compact)).toBe(spec.games);
    expect(needsExpanding(compact)).toBe(false);
    for (const file of ['games.ndjson', 'events.ndjson', 'moves.ndjson']) expect(await table(compact, file), file).toEqual(await table(full, file));
    if (spec.maxMoves) expect((await table(compact, 'games.ndjson')).some((g) => g.includes('"endReason":"move-cap"'))).toBe(true);
  });

  it('refuses plays that do not replay to their games line, and plays out of step with the games', async () => {
    const out = await dir();
    await simulate({ game: 'scout', seats: 3, games: 3, bots: 'random', out, workers: 1, seed: 'tamper' });
    const plays = await readFile(join(out, 'plays.ndjson'), 'utf8');
    const [first, ...rest] = plays.split('\n').filter(Boolean);
    // The last move left out: the game no longer ends as its line records (plays are the record: a
    // changed move that stays legal is another game, which only its result and counts can betray).
    const play = JSON.parse(first!) as { gameId: string; moves: unknown[] };
    const cut = JSON.stringify({ ...play, moves: play.moves.slice(0, -1) });
    await writeFile(join(out, 'plays.ndjson'), [cut, ...rest, ''].join('\n'));
    await expect(expandPlays(out)).rejects.toThrow(/does not replay to its line in games.ndjson/);
    await writeFile(join(out, 'plays.ndjson'), [...rest, first, ''].join('\n'));
    await expect(expandPlays(out)).rejects.toThrow(/plays.ndjson holds game/);
    // Nothing half-made is left for a reader to take as the events.
    expect(needsExpanding(out)).toBe(true);
  });
});
