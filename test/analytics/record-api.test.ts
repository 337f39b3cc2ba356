/**
 * Query.gameRecord over HTTP and `npm run verify` against it: a finished game's record is served
 * and verifies (from the server or from a file); a running game's is FORBIDDEN; a tampered file fails.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import { playThroughService } from '../kit/service-play.js';
import { bundled } from '../kit/server-bundle.js';

const server = useServer();
const RECORD = 'query ($id: ID!) { gameRecord(id: $id) }';

/** Runs the verify command as a user would (bundled once per worker: test/kit/server-bundle.ts); resolves with its exit code and output. */
async function verify(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [await bundled('verify'), ...args]);
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

describe('gameRecord and npm run verify', () => {
  it('a running game’s record is FORBIDDEN', async () => {
    const agg = await playThroughService(server.service, { game: 'scout', seats: 2, maxMoves: 3 });
    const res = await server.gql(RECORD, { id: agg.id });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('a finished game’s record verifies from the server and from a file; an edited file names the version', async () => {
    const agg = await playThroughService(server.service, { game: 'scout', seats: 2 });
    const res = await server.gql(RECORD, { id: agg.id });
    const record = res.data!.gameRecord;
    expect(record).toMatchObject({ id: agg.id, type: 'scout', seed: agg.state.seed, result: agg.table.status(agg.state).result });
    // What a spectator may not see stays out even now: no token hashes.
    expect(JSON.stringify(record)).not.toContain('tokenHash');

    const fromServer = await verify('--game', agg.id, '--url', server.url);
    expect(fromServer).toMatchObject({ code: 0 });
    expect(fromServer.out).toContain('verified');

    const dir = await mkdtemp(join(tmpdir(), 'parlor-verify-'));
    const tampered = structuredClone(record);
    const target = tampered.commits[6];
    target.events[0] = { ...target.events[0], extra: 1 };
    await writeFile(join(dir, 'tampered.json'), JSON.stringify(tampered));
    const fromFile = await verify(join(dir, 'tampered.json'));
    expect(fromFile.code).toBe(1);
    expect(fromFile.out).toContain(`version ${target.version}`);
  });

  it('joinGame takes a player’s entropy, public in the history; REST too; an empty one is BAD_INPUT', async () => {
    const created = await server.gql('mutation { createGame(input: { game: "scout", seats: 3 }) { game { id } } }');
    const id = created.data!.createGame.game.id;
    const JOIN = 'mutation ($id: ID!, $e: String) { joinGame(gameId: $id, name: "Ann", entropy: $e) { seat } }';
    expect((await server.gql(JOIN, { id, e: '' })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.gql(JOIN, { id, e: 'coin: heads' })).data!.joinGame.seat).toBe(0);
    expect((await server.rest('POST', `/v1/games/${id}/join`, { name: 'Bob', entropy: 'my birthday' })).status).toBe(200);
    const history = await server.gql('query ($id: ID!) { game(id: $id) { history { events } } }', { id });
    const seats = history.data!.game.history.flatMap((h: { events: { type: string }[] }) => h.events).filter((e: { type: string }) => e.type === 'SeatTaken');
    expect(seats.map((e: { entropy?: string }) => e.entropy)).toEqual(['coin: heads', 'my birthday']);
  });
});
