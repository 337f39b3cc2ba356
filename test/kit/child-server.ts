/**
 * `npm start` as a child process on a temporary DATA_DIR, for tests that kill it for real
 * (`kill -9`) and start it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import type { GraphQLResponse, TestServer } from './server.js';
import { send } from './http.js';
import { bundled } from './server-bundle.js';

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** The same GraphQL helper as the in-process server's, so the kit's helpers (players.ts) work on it. */
  gql: TestServer['gql'];
  /** Resolves when the process has exited (whatever the cause). */
  exited: Promise<number | null>;
  kill9(): Promise<void>;
  /** What the process printed on stdout so far (its banner). */
  output(): string;
}

/** A port free right now on loopback (the child listens on it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `npm start` through tsx, transpiling each module at each start. */
const TSX_MAIN = ['--import', 'tsx/esm', 'services/main.ts'];

/** `npm start` bundled by esbuild (test/kit/server-bundle.ts), built on the worker's first call. */
export const bundledServer = async (): Promise<string[]> => [await bundled('main')];

/**
 * Spawns `services/main.ts` on `dataDir` and `port` with `env` added (rate limits out of the way), not waiting for it.
 * The development tools are off (DEV_TOOLS=off: ~0.3–0.7 s less CPU a start) unless `env` says
 * NODE_ENV or DEV_TOOLS: a test of what NODE_ENV=production turns off sees the server decide it.
 * Bots decide on the request thread (BOT_WORKERS=0), as in the in-process kit (./server.ts), unless
 * `env` sets BOT_WORKERS: a process's first bot move bundled the worker with esbuild and booted a
 * thread (~1 s of CPU), again at every restart. test/bots/later-crash.e2e.test.ts runs the pool.
 * `command` is what node runs: by default `services/main.ts` through tsx's ESM loader only (`tsx/esm`:
 * the services are ES modules, and without tsx's CommonJS hook a start costs ~0.25 s less CPU);
 * `await bundledServer()` is the same server bundled once per worker (half the CPU a start).
 */
export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}, stderr: 'inherit' | 'pipe' = 'inherit', command: string[] = TSX_MAIN): ChildProcess {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AWS_') && k !== 'DEV_TOOLS' && k !== 'BOT_WORKERS'));
  const devTools = env.NODE_ENV === undefined && env.DEV_TOOLS === undefined ? { DEV_TOOLS: 'off' } : {};
  const botWorkers = env.BOT_WORKERS === undefined ? { BOT_WORKERS: '0' } : {};
  return spawn(process.execPath, command, {
    env: { ...base, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000', CREATES_PER_MINUTE: '1000000', REQUESTS_IN_FLIGHT_PER_CLIENT: '1000000', JOINS_PER_MINUTE: '1000000', REGISTRATIONS_PER_HOUR: '1000000', SEATS_IN_OPEN_GAMES: '1000000', ...devTools, ...botWorkers, ...env },
    stdio: ['ignore', 'pipe', stderr],
  });
}

/** Starts `services/main.ts` (bundled) on `dataDir` with `env` added; resolves once it serves. */
export async function startChildServer(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const command = await bundledServer();
  // The port is free when freePort looks and may be taken before the child listens (the other worker's
  // servers, EADDRINUSE): a child that exits before serving is started again on another port, twice at most.
  for (let tries = 1; ; tries++) {
    const started = await startOn(dataDir, await freePort(), env, command);
    if (started !== null && typeof started === 'object') return started;
    if (tries === 3) throw new Error(`npm start exited with ${started} (${tries} starts, each on a port just found free)`);
  }
}

/** One start on `port`: the server once it serves, or the child's exit code when it exits before. */
async function startOn(dataDir: string, port: number, env: Record<string, string>, command: string[]): Promise<ChildServer | number | null> {
  const child = spawnServer(dataDir, port, env, 'inherit', command);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const serving = await new Promise<boolean>((resolve) => {
    child.stdout!.on('data', (d) => (output += d) && output.includes('Parlor is serving') && resolve(true));
    void exited.then(() => resolve(false));
  });
  if (!serving) return exited;
  const url = `http://127.0.0.1:${port}`;
  const gql: TestServer['gql'] = async (query, variables, token) => {
    const res = await send(`${url}/graphql`, 'POST', { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, JSON.stringify({ query, variables }));
    return JSON.parse(res.text) as GraphQLResponse;
  };
  return {
    url,
    child,
    gql,
    exited,
    output: () => output,
    kill9: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
