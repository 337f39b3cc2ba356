/**
 * The acknowledged-heads file (services/store/heads.ts) stays bounded and survives a kill while
 * it is being rewritten. Recorded over and over, it never holds more than COMPACT_LINES_PER_GAME
 * lines a game plus the floor, and reads back the newest head of every game. A child process
 * killed (SIGKILL) half-way through writing the rewrite, or just before the rename that swaps it
 * in, leaves a file that reads back every head it had recorded, and opens again cleanly.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPACT_LINES_PER_GAME, HeadJournal, readHeads } from '../../services/store/heads.js';
import { bundled } from '../kit/server-bundle.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-heads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).length;
const game = (i: number, games: number) => `g${i % games}`;
const version = (i: number, games: number) => Math.floor(i / games) + 1;

describe('the heads file', () => {
  it('stays within its bound however long it is written, and reads back the newest heads', () => {
    const path = join(dir, 'bounded.jsonl');
    const [games, floor] = [20, 50];
    const journal = HeadJournal.open(path, undefined, floor);
    let most = 0;
    for (let i = 0; i < 3_000; i++) {
      journal.record(game(i, games), version(i, games));
      most = Math.max(most, lines(path));
    }
    journal.close();
    expect(journal.compactions).toBeGreaterThan(10);
    expect(most).toBeLessThanOrEqual(COMPACT_LINES_PER_GAME * games + floor);
    expect(readHeads(path)).toEqual(new Map(Array.from({ length: games }, (_, g) => [`g${g}`, version(3_000 - games + g, games)])));
  });

  it.each(['write', 'rename'])('a kill during the rewrite (%s) loses no head and leaves a file that opens', async (at) => {
    const path = join(dir, `killed-${at}.jsonl`);
    const [games, floor] = [10, 20];
    const child = promisify(execFile)(process.execPath, [await bundled('heads-writer'), path, at, String(games), String(floor)]);
    const killed = await child.then(
      () => null,
      (e: { signal?: string; code?: number }) => e.signal ?? `exit ${e.code}`,
    );
    expect(killed, 'the child killed itself in its first rewrite').toBe('SIGKILL');
    // What it had recorded: every record up to the one whose line passed the bound (the rewrite came after that line).
    const expected = new Map<string, number>();
    for (let i = 0, written = 0; ; i++) {
      expected.set(game(i, games), version(i, games));
      if (++written > COMPACT_LINES_PER_GAME * expected.size + floor) break;
    }
    expect(readHeads(path)).toEqual(expected);
    const again = HeadJournal.open(path);
    again.close();
    expect(lines(path)).toBe(games);
    expect(existsSync(`${path}.next`)).toBe(false);
  });
});
