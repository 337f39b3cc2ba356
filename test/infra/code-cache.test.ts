/**
 * The graphql and rest functions are each one classic script compiled with a V8 code cache built
 * with the bundle (infra/bundle.ts CODE_CACHED, infra/code-cache.ts). The cache is an optimisation only: a cold
 * start that cannot use it (another Node, other V8 flags, a cache V8 refuses) must still answer,
 * compile without it and say so in one log line; and a cache of another runtime must never reach
 * V8, which can accept one of another Node patch and crash (nodejs/node#62781).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, CACHE_FILE, CACHE_META, SCRIPT_FILE } from '../../infra/bundle.js';
import { LOCAL_ENV } from '../../infra/run-bundle.js';
import { games } from '../../services/engine/registry.js';
import { httpEvent } from '../handlers/kit.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();
const root = mkdtempSync(join(tmpdir(), 'parlor-code-cache-'));
const built = join(root, 'graphql');

beforeAll(async () => {
  await bundle('graphql', built);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A copy of the bundle, its cache's description edited by `meta`. */
function copy(name: string, meta: (m: any) => any = (m) => m): string {
  const dir = join(root, name);
  cpSync(built, dir, { recursive: true });
  writeFileSync(join(dir, CACHE_META), JSON.stringify(meta(JSON.parse(readFileSync(join(dir, CACHE_META), 'utf8')))));
  return dir;
}

const CHILD = `
const entry = await import(process.env.BUNDLE);
const answer = await entry.handler(JSON.parse(process.env.EVENT), { functionName: 'bundle', awsRequestId: 'r1', getRemainingTimeInMillis: () => 900000 });
process.stdout.write(JSON.stringify({ compiled: entry.compiled, answer }) + '\\n', () => process.exit(0));
`;

/** A fresh `node` (with `nodeArgs`) loading the bundle in `dir` and answering a createGame, as a cold start (rest: POST /v1/games). */
async function coldStart(dir: string, nodeArgs: string[] = [], over: 'graphql' | 'rest' = 'graphql') {
  const game = games[0]!;
  const event =
    over === 'rest'
      ? httpEvent('POST', '/v1/games', { game: game.id, seats: game.seats.min })
      : httpEvent('POST', '/graphql', { query: `mutation { createGame(input: { game: "${game.id}", seats: ${game.seats.min} }) { game { id version } } }` });
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [...nodeArgs, '--input-type=module', '-e', CHILD], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...LOCAL_ENV, NODE_ENV: 'production', TABLE_NAME: db.tableName, DYNAMODB_ENDPOINT: (db.server as any).endpoint, BUNDLE: pathToFileURL(join(dir, 'index.mjs')).href, EVENT: JSON.stringify(event) },
  });
  const { compiled, answer } = JSON.parse(stdout.trim().split('\n').at(-1)!);
  const warnings = stderr.split('\n').filter((l) => l.includes('compiled without it'));
  const body = JSON.parse(answer.body);
  return { compiled, created: over === 'rest' ? body : body.data?.createGame?.game, warnings };
}

describe("the graphql function's code cache", () => {
  it('is taken by the runtime that built it, and the function answers', async () => {
    const run = await coldStart(built);
    expect(run.compiled).toBe('code cache');
    expect(run.warnings).toEqual([]);
    expect(run.created).toMatchObject({ version: 1 });
    // What a cold start reads besides the code: V8's bytecode of what the first answer compiled (~3.1 MiB).
    expect(statSync(join(built, CACHE_FILE)).size / 1024).toBeLessThan(4096);
    expect(statSync(join(built, SCRIPT_FILE)).size / 1024).toBeLessThan(2048);
  });

  it('is taken by the rest function too, whose script carries the code it evaluates on first use (passkeys): it answers POST /v1/games', async () => {
    const rest = join(root, 'rest');
    await bundle('rest', rest);
    const run = await coldStart(rest, [], 'rest');
    expect(run.compiled).toBe('code cache');
    expect(run.warnings).toEqual([]);
    expect(run.created).toMatchObject({ version: 1 });
  }, 120_000);

  it('of another Node (or architecture) is never handed to V8: compiled without it, one line says so, and it answers', async () => {
    const run = await coldStart(copy('other-node', (m) => ({ ...m, node: 'v0.0.1' })));
    expect(run.compiled).toBe('code cache of another runtime');
    expect(run.warnings).toHaveLength(1);
    expect(JSON.parse(run.warnings[0]!)).toMatchObject({ level: 'WARN', built: { node: 'v0.0.1' }, runtime: { node: process.version } });
    expect(run.created).toMatchObject({ version: 1 });
  });

  it('described but missing (the description alone shipped) is no cache: compiled without it, and it answers', async () => {
    const dir = copy('no-cache-file');
    rmSync(join(dir, CACHE_FILE));
    const run = await coldStart(dir);
    expect(run.compiled).toBe('no code cache');
    expect(run.created).toMatchObject({ version: 1 });
  });

  it('built with other V8 flags than the runtime runs with is not used: one line, and it answers', async () => {
    const run = await coldStart(built, ['--max-old-space-size=1000']);
    expect(run.compiled).toBe('code cache of another runtime');
    expect(run.warnings).toHaveLength(1);
    expect(run.created).toMatchObject({ version: 1 });
  });

  it('that V8 itself rejects still answers, compiled without it, and one line says so', async () => {
    // The description claims the flags this process runs with; V8 compares its own flag hash and refuses.
    const flags = ['--max-old-space-size=1000'];
    const { stdout } = await promisify(execFile)(process.execPath, [...flags, '-p', "require('node:v8').cachedDataVersionTag()"], { encoding: 'utf8' });
    const run = await coldStart(copy('v8-rejects', (m) => ({ ...m, tag: Number(stdout.trim()) })), flags);
    expect(run.compiled).toBe('code cache rejected by V8');
    expect(run.warnings).toHaveLength(1);
    expect(run.created).toMatchObject({ version: 1 });
  });
});
