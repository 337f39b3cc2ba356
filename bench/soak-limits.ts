/**
 * `npm run soak`, the last limits of issue 26 (findings 8 and 11, the in-flight cap), each printed
 * as the limit holding: two servers started at once on one fresh folder (one serves, one exits 3),
 * then against the one serving, with the default limits: seats per client and per player in open
 * games, the in-flight cap counting only the API, keyed seat tokens not derivable from public
 * parts, and subscribe-then-complete pairs ending quietly.
 */
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort, spawnServer } from '../test/kit/child-server.js';

type Answer = { data?: any; errors?: { extensions?: { code?: string } }[] };
const codeOf = (r: Answer) => r.errors?.[0]?.extensions?.code ?? 'OK';
const JOIN = 'mutation($id: ID!, $k: ID) { joinGame(gameId: $id, name: "p", joinKey: $k) { token } }';
const CREATE = 'mutation { createGame(input: { game: "scout", seats: 3 }) { game { id } } }';

/** How many of `outcomes` had each answer code. */
const tally = (outcomes: string[]) => outcomes.reduce<Record<string, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

export async function lastLimits(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-soak-limits-'));
  const ports = [await freePort(), await freePort()];
  // Default limits but the per-minute ones (one address makes all of this).
  const env = { SEATS_IN_OPEN_GAMES: '10', REQUESTS_IN_FLIGHT_PER_CLIENT: '8' };
  const children = ports.map((port) => spawnServer(dir, port, env, 'pipe'));
  const outcomes = await Promise.all(
    children.map((child, i) => new Promise<{ port: number; code: number | 'serving'; stderr: string }>((resolve) => {
      let out = '';
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      child.stdout!.on('data', (d) => (out += d) && out.includes('Parlor is serving') && resolve({ port: ports[i]!, code: 'serving', stderr }));
      child.once('exit', (code) => resolve({ port: ports[i]!, code: code ?? -1, stderr }));
    })),
  );
  const serving = outcomes.find((o) => o.code === 'serving');
  const results: Record<string, unknown> = {
    dataDirRace: { outcomes: outcomes.map((o) => o.code), refusedSaysInUse: outcomes.some((o) => o.code === 3 && o.stderr.includes('is in use by another Parlor server')), databaseClosed: outcomes.some((o) => o.stderr.includes('Database is closed')) },
  };
  try {
    if (serving) Object.assign(results, await against(`http://127.0.0.1:${serving.port}`));
  } finally {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

async function against(base: string): Promise<Record<string, unknown>> {
  const gql = async (query: string, variables?: object, token?: string): Promise<Answer> =>
    (await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify({ query, variables }) })).json() as Promise<Answer>;
  const newGame = async () => (await gql(CREATE)).data.createGame.game.id as string;

  // Seats in open games: 14 anonymous joins (half with distinct joinKeys) into 14 open games, then a player's 12.
  const anonymous: string[] = [];
  for (let i = 0; i < 14; i++) anonymous.push(codeOf(await gql(JOIN, { id: await newGame(), k: i % 2 ? `soak-join-key-${String(i).padStart(8, '0')}` : undefined })));
  const player = (await gql('mutation { registerPlayer(name: "Soak") { token } }')).data.registerPlayer.token as string;
  const registered: string[] = [];
  for (let i = 0; i < 12; i++) registered.push(codeOf(await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Soak") { seat } }', { id: await newGame() }, player)));

  // A keyed seat token is an HMAC under the server's secret, not the hash of what the client knows.
  const id = await newGame();
  const key = 'soak-join-key-public-check';
  const keyed = (await gql(JOIN, { id, k: key })).data?.joinGame?.token;
  const publicDerivation = `${id}.0.${createHash('sha256').update(`parlor-join|${id}|0|${key}`).digest('base64url')}`;

  return {
    seatsInOpenGames: { cap: 10, anonymousJoins: tally(anonymous), playerJoins: tally(registered) },
    inFlight: await inFlight(base),
    keyedSeatToken: { derivableFromPublicParts: keyed === publicDerivation },
    subscribeThenComplete: await subscribeThenComplete(base, await newGame()),
  };
}

/** 8 API requests held in flight (their bodies held back), then what the API and the page answer. */
async function inFlight(base: string): Promise<Record<string, number>> {
  const { port } = new URL(base);
  const body = JSON.stringify({ query: '{ gameTypes { id } }' });
  const held = await Promise.all(Array.from({ length: 8 }, async () => {
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /graphql HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body[0]}`);
    return socket;
  }));
  await new Promise((resolve) => setTimeout(resolve, 300)); // the server has read their headers
  const status = async (path: string, init?: RequestInit) => (await fetch(`${base}${path}`, init)).status;
  const figures = { heldApiRequests: held.length, nextGraphql: await status('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), nextRest: await status('/v1/games'), page: await status('/'), staticFile: await status('/app.css') };
  for (const s of held) s.destroy();
  return figures;
}

/** 10 subscribe-then-complete pairs sent at once on one socket, then one subscription that stays. */
async function subscribeThenComplete(base: string, gameId: string): Promise<Record<string, unknown>> {
  const socket = new WebSocket(base.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
  const got: { type: string; id?: string }[] = [];
  socket.on('message', (d) => got.push(JSON.parse(String(d))));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  const query = `subscription { gameUpdated(gameId: "${gameId}") { version } }`;
  for (let i = 0; i < 10; i++) {
    socket.send(JSON.stringify({ id: `q${i}`, type: 'subscribe', payload: { query } }));
    socket.send(JSON.stringify({ id: `q${i}`, type: 'complete' }));
  }
  socket.send(JSON.stringify({ id: 'last', type: 'subscribe', payload: { query } }));
  for (let i = 0; i < 50 && !got.some((m) => m.id === 'last'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  const figures = { pairs: 10, errors: got.filter((m) => m.type === 'error').length, lastRuns: got.some((m) => m.type === 'next' && m.id === 'last'), socketOpen: socket.readyState === WebSocket.OPEN };
  socket.close();
  return figures;
}
