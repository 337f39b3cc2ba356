/**
 * The load curve (issue 33): `npm start` as shipped (back-pressure on, the open-seat cap counting,
 * its own embedded DynamoDB) in a child process, driven by N clients from this process at each
 * level, from 250 loopback addresses (below).
 * Each client: create a game, join every seat anonymously, then read status, read the mover's
 * legal moves, move, until the game ends; then a new game. A 503 BUSY is sent again after its
 * Retry-After; a move's latency counts from its first try. Per level: moves/s over the window,
 * p50/p99 of submitMove, every error by code, and the server's RSS and CPU (from /proc).
 * The data folder is kept across levels, so later levels also run on a longer history.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fastRng, type Rng } from '../services/engine/core/index.js';
import { summary } from './stats.js';

const MOVE = 'mutation($id: ID!, $move: JSON!) { submitMove(gameId: $id, move: $move) { game { version } } }';
const LEGAL = 'query($id: ID!) { game(id: $id) { status { over toMove } legalMoves } }';
const CREATE = 'mutation($g: String!, $s: Int!) { createGame(input: { game: $g, seats: $s }) { game { id } } }';
const JOIN = 'mutation($id: ID!) { joinGame(gameId: $id, name: "bot") { token } }';
/**
 * Clients come from 250 loopback addresses (127.0.0.2 …), so at 1,000 clients four share one, as
 * behind a NAT: each address is one holder of open seats. The per-address limits are lifted (a
 * few clients playing flat out from one address would pass them); nothing else is.
 */
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 250); // 1: every client behind one address (issue 33 F1)
const ADDRESS = (i: number) => `127.0.0.${2 + (i % ADDRESSES)}`;
const ONE_ADDRESS = { RATE_LIMIT_PER_MINUTE: '1000000000', RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000000', CREATES_PER_MINUTE: '1000000000', REQUESTS_IN_FLIGHT_PER_CLIENT: '1000000000', JOINS_PER_MINUTE: '1000000000', REGISTRATIONS_PER_HOUR: '1000000000', SEATS_IN_OPEN_GAMES: '1000000000' };

const TICK = 100; // USER_HZ
const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / TICK;
};
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parlor-curve-'));
  const port = await freePort();
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AWS_')));
  // BENCH_SERVER_FLAGS: node flags for the server alone (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": its profile under the load).
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_DIR: the server from another checkout (a before/after pair run side by side on a shared machine sees the same load).
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'services/main.ts'], { cwd: process.env.BENCH_SERVER_DIR, env: { ...base, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...ONE_ADDRESS, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  // Only the tail is kept (for the error below): the server's log lines come through here for the whole run.
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4000));
  child.stderr!.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => keep(d).includes('Parlor is serving') && resolve());
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${out.slice(-2000)}`)));
  });
  return { child, port, dataDir };
}

interface Level {
  clients: number;
  moves: number;
  movesPerSecond: number;
  p50: number;
  p99: number;
  errors: Record<string, number>;
  rssMiB: number;
  /** CPU the server and this load generator used over the window, in cores (the machine has 2, shared). */
  serverCores: number;
  generatorCores: number;
  /** Share of the clients that had made their first move when the window opened (1: the warm-up ended). */
  moving: number;
}

/** Measures each level in turn on one server; `seconds` measured after `warm` seconds of the same load. */
export async function benchLoadCurve(opts: { levels: number[]; seconds: number; warm: number; warmMax?: number; env?: Record<string, string>; game?: string; seats?: number }): Promise<Level[]> {
  const game = opts.game ?? 'scout';
  const seats = opts.seats ?? 4;
  const server = await startServer(opts.env ?? {});
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const pid = server.child.pid!;
  const post = (body: string, token: string | undefined, localAddress: string) =>
    new Promise<{ status: number; retryAfter: number; body: string }>((resolve, reject) => {
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const req = http.request({ hostname: '127.0.0.1', port: server.port, path: '/graphql', method: 'POST', agent, headers, localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 1), body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const levels: Level[] = [];
  try {
    for (const clients of opts.levels) {
      const state = { measuring: false, stop: false };
      const errors: Record<string, number> = {};
      const latencies: number[] = [];
      let moving = 0; // clients past their first game's set-up: the level is measured once every one is
      /** One GraphQL call: BUSY is counted and sent again after Retry-After; any other error is counted and thrown. */
      const gql = async (from: string, query: string, variables: object, token?: string) => {
        for (;;) {
          const res = await post(JSON.stringify({ query, variables }), token, from).catch((e: Error) => ({ status: 0, retryAfter: 1, body: JSON.stringify({ errors: [{ extensions: { code: `socket ${(e as NodeJS.ErrnoException).code ?? e.message}` } }] }) }));
          const parsed = JSON.parse(res.body) as { data?: any; errors?: { extensions?: { code?: string } }[] };
          const code = parsed.errors?.[0]?.extensions?.code ?? (res.status >= 400 ? `HTTP ${res.status}` : undefined);
          if (code === undefined) return parsed.data;
          if (state.measuring) errors[code] = (errors[code] ?? 0) + 1;
          if (code !== 'BUSY') throw new Error(code);
          if (state.stop) throw new Error('stopped');
          await new Promise((r) => setTimeout(r, res.retryAfter * 1000));
        }
      };
      const client = async (rng: Rng, from: string) => {
        let first = true;
        while (!state.stop) {
          try {
            const id = (await gql(from, CREATE, { g: game, s: seats })).createGame.game.id as string;
            const tokens: string[] = [];
            for (let s = 0; s < seats; s++) tokens.push((await gql(from, JOIN, { id })).joinGame.token);
            while (!state.stop) {
              const status = (await gql(from, LEGAL, { id }, tokens[0])).game.status;
              if (status.over) break;
              const token = tokens[status.toMove[rng.int(status.toMove.length)]]!;
              const legal = (await gql(from, LEGAL, { id }, token)).game.legalMoves;
              const t0 = performance.now();
              const counted = state.measuring;
              await gql(from, MOVE, { id, move: legal[rng.int(legal.length)] }, token);
              if (counted && state.measuring) latencies.push(performance.now() - t0);
              if (first) (first = false), moving++;
            }
          } catch {
            // Counted in `errors`; the client starts a new game.
          }
        }
      };
      const running = Array.from({ length: clients }, (_, i) => client(fastRng(1000 * clients + i), ADDRESS(i)));
      // Warm-up: at least `warm` seconds and until every client moves (all start by setting up a game at once), at most `warmMax`.
      const warmStart = performance.now();
      while (performance.now() - warmStart < opts.warm * 1000 || (moving < clients && performance.now() - warmStart < (opts.warmMax ?? 120) * 1000)) await new Promise((r) => setTimeout(r, 250));
      state.measuring = true;
      const cpu0 = cpuSeconds(pid);
      const gen0 = process.cpuUsage();
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, opts.seconds * 1000));
      state.measuring = false;
      const wall = (performance.now() - t0) / 1000;
      const cores = (cpuSeconds(pid) - cpu0) / wall;
      const gen = process.cpuUsage(gen0);
      const generatorCores = (gen.user + gen.system) / 1e6 / wall;
      const rss = rssMiB(pid);
      state.stop = true;
      await Promise.all(running);
      const s = summary(latencies);
      levels.push({ clients, moves: latencies.length, movesPerSecond: latencies.length / wall, p50: s.p50, p99: s.p99, errors, rssMiB: rss, serverCores: cores, generatorCores, moving: moving / clients });
    }
  } finally {
    agent.destroy();
    const gone = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await gone;
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  return levels;
}
