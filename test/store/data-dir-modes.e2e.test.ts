/**
 * The data folder is its owner's only (issue 36 item 3): its files hold every unfinished game's
 * secret seed and the server's keys. `npm start` on a folder an older version left 0755 with 0644
 * files closes it (0700 folders, 0600 files), and the files LevelDB writes afterwards are born so.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../kit/child-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parlor-modes-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every path under the folder (itself included) with its permission bits. */
function modes(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (path: string) => {
    const stat = lstatSync(path);
    found.set(relative(dataDir, path) || '.', stat.mode & 0o777);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}
const openToOthers = (found: Map<string, number>) => [...found].filter(([, mode]) => mode & 0o077).map(([path, mode]) => `${path} ${mode.toString(8)}`);
const createGame = 'mutation { createGame(input: { game: "scout", seats: 2 }) { game { id } } }';

describe('the data folder of npm start', () => {
  it('is closed at start when an older version left it 0755 with 0644 files, and files written later are 0600', async () => {
    // A folder as the previous version left it: the server's data, then everything opened up.
    const first = await startChildServer(dataDir);
    expect((await first.gql(createGame)).errors).toBeUndefined();
    await first.kill9();
    for (const [path] of modes(dataDir)) {
      const full = join(dataDir, path);
      chmodSync(full, lstatSync(full).isDirectory() ? 0o755 : 0o644);
    }
    const before = modes(dataDir);
    expect(openToOthers(before).length).toBe(before.size);

    const server = await startChildServer(dataDir);
    try {
      // Enough writes for LevelDB to add files (a new log and manifest at open, more as it writes).
      for (let i = 0; i < 20; i++) expect((await server.gql(createGame)).errors).toBeUndefined();
      const after = modes(dataDir);
      expect(openToOthers(after)).toEqual([]);
      expect(after.get('.')).toBe(0o700);
      const born = [...after.keys()].filter((path) => !before.has(path));
      expect(born.length).toBeGreaterThan(0);
      for (const path of born) expect(after.get(path), path).toBe(lstatSync(join(dataDir, path)).isDirectory() ? 0o700 : 0o600);
    } finally {
      await server.kill9();
    }
  }, 120_000);
});
