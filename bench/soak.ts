/**
 * `npm run soak`: the black-box probe of issue 13, replayed against a real `npm start` server
 * (spawned on loopback with its own DATA_DIR). Not a test: it prints figures.
 *
 *   1. race      100 submitMoves of the same pinned move at once → accepted / refused / commits
 *   2. kill -9   clients play SCOUT on many games; the server is killed mid-load and restarted;
 *                every acknowledged move must be there (lost), with no gaps, and retrying each
 *                with its commandId must write nothing (duplicated)
 *   3. fuzz      thousands of malformed requests → statuses, 5xx, state changes
 *   2b. kill -9 with clocks, bots and players (bench/soak-reactions.ts): stalled bot games, deadlines
 *                that never fired or fired twice, wrong inbox entries after the restart (target 0 each)
 *   4. bombs     an alias bomb, a cost bomb and distinct large queries → answers, time, /health
 *   5. hardening (bench/soak-hardening.ts): RSS after each pass of many ordinary reads, the
 *                catalog query (30 aliases refused by cost), the embedded DynamoDB refusing
 *                another access key
 *   6. limits   (bench/soak-limits.ts): two servers at once on one folder (one exits 3), seats per
 *                client and per player in open games (10), the in-flight cap counting only the API,
 *                keyed seat tokens not derivable from public parts, subscribe-then-complete pairs
 *
 * Bounded in count and time (about a minute). SOAK_GAMES (20), SOAK_LOAD_MS (8000),
 * SOAK_FUZZ (3000), SOAK_PORT (3199), SOAK_REACTION_GAMES (12), SOAK_MEMORY_GAMES (300),
 * SOAK_MEMORY_PASSES (5) change the sizes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killWithReactions } from './soak-reactions.js';
import { catalogQuery, embeddedCredential, memoryOverReads } from './soak-hardening.js';
import { lastLimits } from './soak-limits.js';

const GAMES = Number(process.env.SOAK_GAMES ?? 20);
const LOAD_MS = Number(process.env.SOAK_LOAD_MS ?? 8000);
const FUZZ = Number(process.env.SOAK_FUZZ ?? 3000);
const PORT = Number(process.env.SOAK_PORT ?? 3199);
const REACTION_GAMES = Number(process.env.SOAK_REACTION_GAMES ?? 12);
const MEMORY_GAMES = Number(process.env.SOAK_MEMORY_GAMES ?? 300);
const MEMORY_PASSES = Number(process.env.SOAK_MEMORY_PASSES ?? 5);
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'parlor-soak-'));

const figures = { requests: 0, status5xx: 0, worstMs: 0, maxRssMiB: 0 };
let server: { child: ChildProcess; pid: number } | null = null;

// ---------------------------------------------------------------- server
async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The probe's load comes from one address: the per-client limits would refuse most of it.
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000',
      CREATES_PER_MINUTE: '1000000',
      REQUESTS_IN_FLIGHT_PER_CLIENT: '1000000',
      JOINS_PER_MINUTE: '1000000',
      REGISTRATIONS_PER_HOUR: '1000000',
      SEATS_IN_OPEN_GAMES: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = { child, pid: child.pid! };
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${BASE}/health`).catch(() => null))?.ok) return;
    await sleep(100);
  }
  throw new Error('the server did not start');
}

/** Peak resident memory of the server process so far (VmHWM), in MiB. */
function sampleRss(): void {
  if (!server) return;
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
    figures.maxRssMiB = Math.max(figures.maxRssMiB, Math.round(kb / 1024));
  } catch {
    // the process is gone
  }
}

/** The server's resident memory now (VmRSS), in MiB. */
function rssNow(): number {
  const kb = server ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) : 0;
  return Math.round(kb / 1024);
}

function kill9(): Promise<void> {
  sampleRss();
  const child = server!.child;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  server = null;
  return exited;
}

// ---------------------------------------------------------------- clients
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function http(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  figures.requests++;
  if (res.status >= 500) figures.status5xx++;
  figures.worstMs = Math.max(figures.worstMs, ms);
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json, ms };
}

const gql = (query: string, variables?: object, token?: string) => http('POST', '/graphql', { query, variables }, token ? { authorization: `Bearer ${token}` } : {});
const codeOf = (r: { json: any }) => r.json?.errors?.[0]?.extensions?.code ?? r.json?.error?.code;

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }`;
const JOIN = `mutation($id: ID!, $name: String!) { joinGame(gameId: $id, name: $name) { token } }`;
const STATE = `query($id: ID!) { game(id: $id) { version status { toMove over } legalMoves } }`;
const MOVE = `mutation($id: ID!, $move: JSON!, $v: Int, $c: ID) { submitMove(gameId: $id, move: $move, expectedVersion: $v, commandId: $c) { game { version } } }`;
const HISTORY = `query($id: ID!) { game(id: $id) { version history { version } } }`;

async function newGame(seats = 3): Promise<{ id: string; tokens: string[] }> {
  const created = await gql(CREATE, { input: { game: 'scout', seats } });
  const id = created.json.data.createGame.game.id as string;
  const tokens: string[] = [];
  for (let s = 0; s < seats; s++) tokens.push((await gql(JOIN, { id, name: `p${s}` })).json.data.joinGame.token);
  return { id, tokens };
}

// ---------------------------------------------------------------- 1. race
async function race() {
  const { id, tokens } = await newGame();
  const before = (await gql(STATE, { id }, tokens[0])).json.data.game;
  const seat = before.status.toMove[0] as number;
  const legal = (await gql(STATE, { id }, tokens[seat])).json.data.game.legalMoves;
  const answers = await Promise.all(Array.from({ length: 100 }, () => gql(MOVE, { id, move: legal[0], v: before.version }, tokens[seat])));
  const accepted = answers.filter((a) => a.json?.data?.submitMove).length;
  const refusals: Record<string, number> = {};
  for (const a of answers) if (!a.json?.data?.submitMove) refusals[codeOf(a) ?? `HTTP ${a.status}`] = (refusals[codeOf(a) ?? `HTTP ${a.status}`] ?? 0) + 1;
  const after = (await gql(HISTORY, { id })).json.data.game;
  return { accepted, refused: 100 - accepted, refusals, commits: after.version - before.version };
}

// ---------------------------------------------------------------- 2. kill -9 under load
interface Ack {
  id: string;
  token: string;
  move: unknown;
  commandId: string;
  version: number;
}

async function loadThenKill() {
  const games = await Promise.all(Array.from({ length: GAMES }, () => newGame()));
  const acks: Ack[] = [];
  let stop = false;
  let n = 0;
  const play = async (game: { id: string; tokens: string[] }) => {
    while (!stop) {
      try {
        const state = (await gql(STATE, { id: game.id }, game.tokens[0])).json.data.game;
        if (state.status.over) return;
        const seat = state.status.toMove[0] as number;
        const legal = (await gql(STATE, { id: game.id }, game.tokens[seat])).json.data.game.legalMoves as unknown[];
        const move = legal[Math.floor(Math.random() * legal.length)];
        const commandId = `soak-${++n}`;
        const r = await gql(MOVE, { id: game.id, move, c: commandId }, game.tokens[seat]);
        const version = r.json?.data?.submitMove?.game?.version;
        if (typeof version === 'number') acks.push({ id: game.id, token: game.tokens[seat]!, move, commandId, version });
      } catch {
        if (stop) return; // the server was killed under us: this move was never acknowledged
        await sleep(20);
      }
    }
  };
  const players = games.map(play);
  await sleep(LOAD_MS);
  await kill9();
  stop = true;
  await Promise.all(players);

  await startServer();
  let lost = 0;
  let gaps = 0;
  const heads = new Map<string, number>();
  for (const game of games) {
    const g = (await gql(HISTORY, { id: game.id })).json.data.game;
    heads.set(game.id, g.version);
    const versions = g.history.map((h: { version: number }) => h.version);
    if (versions.some((v: number, i: number) => v !== i + 1)) gaps++;
  }
  for (const ack of acks) if ((heads.get(ack.id) ?? 0) < ack.version) lost++;
  // Retrying every acknowledged move with its commandId must answer its first version and write nothing.
  let wrongAnswer = 0;
  for (const ack of acks) {
    const r = await gql(MOVE, { id: ack.id, move: ack.move, c: ack.commandId }, ack.token);
    if (r.json?.data?.submitMove?.game?.version !== ack.version) wrongAnswer++;
  }
  let duplicated = 0;
  for (const game of games) duplicated += (await gql(HISTORY, { id: game.id })).json.data.game.version - heads.get(game.id)!;
  return { games: GAMES, acknowledged: acks.length, lost, gaps, duplicated, retriesNotAnsweredWithFirstResult: wrongAnswer };
}

// ---------------------------------------------------------------- 3. fuzz
function malformed(i: number, id: string, token: string): [string, string, unknown, Record<string, string>] {
  const junk: unknown[] = [null, 1, -1, 1e308, 'x', '', 'x'.repeat(5000), [], {}, { type: 'dance' }, [1, [2, [3]]], { constructor: { prototype: { admin: true } } }, true];
  const auths: Record<string, string>[] = [{}, { authorization: 'Bearer nope' }, { authorization: token }, { authorization: `Bearer ${token}x` }, { authorization: 'Basic abc' }];
  const j = junk[Math.floor(i / 12) % junk.length];
  const auth = auths[i % auths.length]!;
  const cases: [string, string, unknown, Record<string, string>][] = [
    ['POST', '/graphql', { query: j }, auth],
    ['POST', '/graphql', { query: MOVE, variables: { id, move: j, v: j, c: j } }, auth],
    ['POST', '/graphql', { query: CREATE, variables: { input: { game: j, seats: j, options: j, seed: j } } }, auth],
    ['POST', '/graphql', '{"query": "{ game(id: ', auth],
    ['POST', '/graphql', { query: `{ game(id: "${id}") { ${'view '.repeat(i % 50)} } }` }, auth],
    ['POST', `/v1/games/${id}/moves`, { move: j, expectedVersion: j, commandId: j }, auth],
    ['POST', '/v1/games', { game: 'scout', seats: j, options: j }, auth],
    ['POST', `/v1/games/${id}/join`, { name: j }, auth],
    ['GET', `/v1/games/${encodeURIComponent(String(j)).slice(0, 200)}`, undefined, auth],
    ['GET', `/v1/games/%E0%A4%A${i}`, undefined, auth],
    ['GET', `/graphql?query=${encodeURIComponent(String(j)).slice(0, 500)}`, undefined, auth],
    ['POST', `/v1/games/${id}/moves`, 'not json', auth],
  ];
  return cases[i % cases.length]!;
}

async function fuzz() {
  const { id, tokens } = await newGame();
  const before = (await gql(HISTORY, { id })).json.data.game.version;
  const statuses: Record<number, number> = {};
  const five = figures.status5xx;
  for (let i = 0; i < FUZZ; i += 20) {
    const batch = Array.from({ length: Math.min(20, FUZZ - i) }, (_, k) => malformed(i + k, id, tokens[0]!));
    for (const r of await Promise.all(batch.map(([m, p, b, h]) => http(m, p, b, h).catch(() => ({ status: 0 }))))) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  }
  const after = (await gql(HISTORY, { id })).json.data.game.version;
  return { requests: FUZZ, statuses, status5xx: figures.status5xx - five, stateChanges: after - before };
}

// ---------------------------------------------------------------- 4. bombs
async function bombs() {
  const { id } = await newGame();
  const aliasBomb = `{ ${Array.from({ length: 5000 }, (_, i) => `g${i}: game(id: "${id}") { id view { __typename } }`).join(' ')} }`;
  const costBomb = `query { ${Array.from({ length: 25 }, (_, i) => `g${i}: game(id: "${id}") { ...F }`).join(' ')} } fragment F on Game { history { version events } legalMoves view { __typename } }`;
  const health = http('GET', '/health');
  const three = await Promise.all([0, 1, 2].map(() => http('POST', '/graphql', { query: aliasBomb })));
  const healthMs = (await health).ms;
  const cost = await http('POST', '/graphql', { query: costBomb });
  let distinctRefused = 0;
  for (let q = 0; q < 50; q++) {
    const r = await http('POST', '/graphql', { query: `{ ${Array.from({ length: 20_000 }, (_, i) => `f${q}_${i}`).join(' ')} }` });
    if (codeOf(r) === 'BAD_INPUT') distinctRefused++;
    if (q % 10 === 0) sampleRss();
  }
  return {
    aliasBomb: { answers: three.map(codeOf), worstMs: Math.round(Math.max(...three.map((t) => t.ms))), healthMs: Math.round(healthMs) },
    costBomb: { answer: codeOf(cost), message: cost.json?.errors?.[0]?.message, ms: Math.round(cost.ms) },
    distinctLargeQueries: { sent: 50, refused: distinctRefused },
  };
}

// ---------------------------------------------------------------- run
const started = Date.now();
const rss = setInterval(sampleRss, 250);
try {
  await startServer();
  const results = { race: await race(), killUnderLoad: await loadThenKill(), killWithReactions: await killWithReactions({ gql, startServer, kill9 }, { games: REACTION_GAMES, loadMs: LOAD_MS / 2 }), fuzz: await fuzz(), bombs: await bombs(),
    memoryOverReads: await memoryOverReads(gql, (path) => http('GET', path), rssNow, MEMORY_GAMES, MEMORY_PASSES), catalogQuery: await catalogQuery(gql), embeddedCredential: await embeddedCredential(dataDir), lastLimits: await lastLimits() };
  sampleRss();
  console.log(JSON.stringify({ ...results, totals: { ...figures, worstMs: Math.round(figures.worstMs), seconds: Math.round((Date.now() - started) / 1000) } }, null, 2));
} finally {
  clearInterval(rss);
  if (server) await kill9();
  rmSync(dataDir, { recursive: true, force: true });
}
