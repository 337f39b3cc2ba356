/**
 * A data folder that lost its tail is detected (issue 36, item 4). The real `npm start` runs as a
 * child process on a temporary DATA_DIR; a game is played, the process is killed -9, and the
 * LevelDB write-ahead log is cut back to its size at an earlier version (what a disk or a copy
 * that lost its last writes leaves: the store itself then looks sound, just shorter). Started
 * again, the server refuses the game with STREAM_DAMAGED naming the versions missing, and
 * `npm run verify-store` names the game and the versions and exits non-zero. Only the heads kept
 * beside the data (store/heads.ts) can tell: the commits' own items went with the tail.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../kit/child-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parlor-lost-tail-'));
let server: ChildServer | undefined;
afterAll(async () => {
  await server?.kill9();
  rmSync(dataDir, { recursive: true, force: true });
});

const CREATE = 'mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }';
const JOIN = 'mutation($id: ID!, $n: String!) { joinGame(gameId: $id, name: $n) { seat token } }';
const STATE = 'query($id: ID!) { game(id: $id) { version status { toMove over } legalMoves } }';
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';

/** The LevelDB write-ahead log the newest writes are in (not LevelDB's own text LOG). */
const wal = () => join(dataDir, readdirSync(dataDir).filter((f) => /^\d+\.log$/.test(f)).sort().at(-1)!);

async function newGame(s: ChildServer, seed: string): Promise<{ id: string; tokens: string[] }> {
  const created = await s.gql(CREATE, { i: { game: 'scout', seats: 2, seed } });
  expect(created.errors).toBeUndefined();
  const id = created.data.createGame.game.id as string;
  const tokens: string[] = [];
  for (const n of ['Ann', 'Bob']) tokens.push((await s.gql(JOIN, { id, n })).data.joinGame.token);
  return { id, tokens };
}

/** Plays the game's first legal move until it is at `version`; returns the version reached. */
async function playTo(s: ChildServer, game: { id: string; tokens: string[] }, version: number): Promise<number> {
  for (;;) {
    const g = (await s.gql(STATE, { id: game.id })).data.game;
    if (g.version >= version || g.status.over) return g.version;
    const seat = g.status.toMove[0] as number;
    const mine = (await s.gql(STATE, { id: game.id }, game.tokens[seat])).data.game;
    const r = await s.gql(MOVE, { id: game.id, m: mine.legalMoves[0] }, game.tokens[seat]);
    expect(r.errors).toBeUndefined();
  }
}

describe('a data folder cut short', () => {
  it('loses acknowledged commits: the restarted server refuses the game (STREAM_DAMAGED, naming the versions) and verify-store names it and exits 1', async () => {
    server = await startChildServer(dataDir);
    const sound = await newGame(server, 'sound');
    await playTo(server, sound, 6);
    const cut = await newGame(server, 'cut');
    const kept = await playTo(server, cut, 8);
    const size = statSync(wal()).size; // every write up to the cut game's version `kept`
    const acknowledged = await playTo(server, cut, 20);
    expect(acknowledged).toBeGreaterThan(kept + 1);
    await server.kill9();

    truncateSync(wal(), size);
    server = await startChildServer(dataDir);
    const missing = `versions ${kept + 1}–${acknowledged}`;
    const read = await server.gql(STATE, { id: cut.id });
    expect(read.errors?.[0]?.extensions?.code).toBe('STREAM_DAMAGED');
    expect(read.errors?.[0]?.message).toContain(missing);
    const move = await server.gql(MOVE, { id: cut.id, m: { type: 'pass' } }, cut.tokens[0]);
    expect(move.errors?.[0]?.extensions?.code, 'nothing is appended on top of the cut').toBe('STREAM_DAMAGED');
    expect((await server.gql(STATE, { id: sound.id })).data.game.version, 'the game before the cut is served').toBe(6);
    await server.kill9();
    server = undefined;

    const verify = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'services/analytics/cli/verify-store.ts'], { env: { ...process.env, DATA_DIR: dataDir } }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    expect(verify.code).toBe(1);
    const lines = verify.stdout.split('\n').filter((l) => l.includes('LOST_TAIL') || l.includes('MISSING'));
    expect(lines).toEqual([expect.stringContaining(cut.id)]);
    expect(lines[0]).toContain(missing);
    expect(verify.stdout).toContain('1 damaged');
  }, 240_000);
});
