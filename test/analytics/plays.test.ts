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
import { tableFor, type TableEvent, type TableState } from '../../services/engine/core/index.js';
import { findGame } from '../../services/engine/registry.js';
import { gameLines } from '../../services/analytics/ndjson.js';
import { expandPlays, labFacts, needsExpanding, playsOf, replayPlays } from '../../services/analytics/plays.js';
import { gameFacts } from '../../services/analytics/record.js';
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
    // The last move left out: the game no longer ends as its line records.
    const play = JSON.parse(first!) as { gameId: string; moves: unknown[] };
    const cut = JSON.stringify({ ...play, moves: play.moves.slice(0, -1) });
    await writeFile(join(out, 'plays.ndjson'), [cut, ...rest, ''].join('\n'));
    await expect(expandPlays(out)).rejects.toThrow(/does not replay to its line in games.ndjson/);
    await writeFile(join(out, 'plays.ndjson'), [...rest, first, ''].join('\n'));
    await expect(expandPlays(out)).rejects.toThrow(/plays.ndjson holds game/);
    // Nothing half-made is left for a reader to take as the events.
    expect(needsExpanding(out)).toBe(true);
  });

  it('refuses a move changed to another legal one, even where the game ends alike (its line keeps the hash of its moves)', async () => {
    const out = await dir();
    // Random 2-seat SCOUT stopped at the cap: the last move has alternatives that leave the result (none) and every count alike.
    await simulate({ game: 'scout', seats: 2, games: 20, bots: 'random', out, workers: 1, seed: 'legal-swap', maxMoves: 9 });
    const scout = findGame('scout')!;
    const t = tableFor(scout);
    const games = (await readFile(join(out, 'games.ndjson'), 'utf8')).split('\n').filter(Boolean);
    const plays = (await readFile(join(out, 'plays.ndjson'), 'utf8')).split('\n').filter(Boolean);
    const withoutHash = (line: string) => JSON.stringify({ ...(JSON.parse(line) as object), playsHash: undefined });
    let swap: { at: number; line: string } | null = null;
    for (let g = 0; g < games.length && !swap; g++) {
      const head = JSON.parse(games[g]!) as Parameters<typeof replayPlays>[1] & { bots: string[] };
      const { moves } = JSON.parse(plays[g]!) as { moves: [number, unknown][] };
      const [seat, last] = moves.at(-1)!;
      const before = moves.slice(0, -1);
      let state: TableState | null = null;
      for (const c of replayPlays(scout, head, before)) state = t.fold(c.events as TableEvent[], state);
      for (const other of t.legalMoves(state!, seat)) {
        if (JSON.stringify(other) === JSON.stringify(last)) continue;
        const swapped: [number, unknown][] = [...before, [seat, other]];
        const commits = replayPlays(scout, head, swapped);
        const line = gameLines(labFacts(gameFacts(head.id, commits, { moveCap: true })!, head.bots, playsOf(commits)), commits).game;
        // Another game whose line says all the same but the hash: nothing else could tell it apart.
        if (withoutHash(line) === withoutHash(games[g]!)) {
          swap = { at: g, line: JSON.stringify({ gameId: head.id, moves: swapped }) };
          break;
        }
      }
    }
    expect(swap, 'a game whose last move has an alternative that replays alike').not.toBeNull();
    await writeFile(join(out, 'plays.ndjson'), [...plays.slice(0, swap!.at), swap!.line, ...plays.slice(swap!.at + 1), ''].join('\n'));
    await expect(expandPlays(out)).rejects.toThrow(/does not replay to its line in games.ndjson/);
    expect(needsExpanding(out)).toBe(true);
  });
});
