/**
 * submitMove through real HTTP on the embedded DynamoDB, beside the bare conditional PutItem
 * on the same store, interleaved (one PutItem after each move, so both see the same moments of
 * a shared machine): the ratio is what the service costs over the write floor.
 * The floor writes a copy of the very commit item that move wrote (read back, untimed, and put
 * under another key with the store's condition), so both writes carry the same bytes: events,
 * command, and every SNAPSHOT_EVERY commits the snapshot.
 * Then many games at once: moves per second with N clients on N games beside one client.
 */
import http from 'node:http';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { fastRng, type Rng } from '../services/engine/core/index.js';
import { createLocalParlor } from '../services/local.js';
import { DEFAULT_LIMITS } from '../services/api/limits/settings.js';
import { commitSk, ensureTable, gamePk, KEY, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { mercuriusFloor } from './mercurius-floor.js';
import { summary } from './stats.js';

export const MOVE = 'mutation($id: ID!, $move: JSON!) { submitMove(gameId: $id, move: $move) { game { version } } }';
const LEGAL = 'query($id: ID!) { game(id: $id) { version status { over toMove } legalMoves } }';

export type Gql = (query: string, variables: object, token?: string) => Promise<any>;

/**
 * POSTs to `url`'s server over node:http with keep-alive, the transport the AWS SDK gives the
 * floor's PutItem: fetch (undici, WHATWG streams) costs ~0.5 ms more per request in this
 * process, the client's cost, not the server's.
 */
export function keepAlivePost(url: string) {
  const agent = new http.Agent({ keepAlive: true });
  const { hostname, port } = new URL(url);
  const post = (path: string, body: string, token?: string) =>
    new Promise<string>((resolve, reject) => {
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const req = http.request({ hostname, port, path, method: 'POST', agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks).toString()));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { post, close: () => agent.destroy() };
}

/** One client address drives every game: the per-client limits would measure themselves, and back-pressure is off unless a figure asks for it. */
export const OPEN_LIMITS = { perClientPerMinute: 1e9, perTokenPerMinute: 1e9, createsPerMinute: 1e9, requestsInFlightPerClient: 1e9, joinsPerMinute: 1e9, seatsInOpenGames: 1e9, requestsInFlight: 1e9 };

/**
 * `soleWriter`: reads trust the fold cache, as npm start's (its embedded DynamoDB is its own); false: every read catches up, as a Lambda's must.
 * `requestsInFlight`: the back-pressure bound (default off). A request it refuses (503 BUSY) is
 * sent again after its Retry-After (the server's is always 1 s), and counted in `busy`.
 */
async function localServer(soleWriter = true, requestsInFlight = OPEN_LIMITS.requestsInFlight) {
  const dynamo = await startEmbeddedDynamo();
  const client = localClient(dynamo.endpoint);
  await ensureTable(client, 'bench');
  const { app } = await createLocalParlor({ client, tableName: 'bench', limits: { ...OPEN_LIMITS, requestsInFlight }, soleWriter });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const { post, close } = keepAlivePost(url);
  const counts = { busy: 0 };
  const gql: Gql = async (query, variables, token) => {
    for (;;) {
      const body = JSON.parse(await post('/graphql', JSON.stringify({ query, variables }), token)) as { data: any; errors?: { extensions?: { code?: string } }[] };
      if (body.errors?.[0]?.extensions?.code === 'BUSY') {
        counts.busy++;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    }
  };
  return { client, gql, counts, close: async () => (close(), await app.close(), client.destroy(), await dynamo.close()) };
}

/** A new game of `game` with every seat taken: its id and the seats' tokens. */
export async function seatedGame(gql: Gql, game: string, seats: number): Promise<{ id: string; tokens: string[] }> {
  const id = (await gql('mutation($g: String!, $s: Int!) { createGame(input: { game: $g, seats: $s }) { game { id } } }', { g: game, s: seats })).createGame.game.id;
  const tokens: string[] = [];
  for (let s = 0; s < seats; s++) tokens.push((await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "bot") { token } }', { id })).joinGame.token);
  return { id, tokens };
}

/** A random legal move of a seat to move, read as a client would (status, then that seat's legal moves); null once the game is over. */
export async function randomMove(gql: Gql, id: string, tokens: string[], rng: Rng): Promise<{ token: string; move: unknown; version: number } | null> {
  const status = (await gql(LEGAL, { id }, tokens[0])).game.status;
  if (status.over) return null;
  const token = tokens[status.toMove[rng.int(status.toMove.length)]]!;
  const { legalMoves, version } = (await gql(LEGAL, { id }, token)).game;
  return { token, move: legalMoves[rng.int(legalMoves.length)], version };
}

/** One client: new games of `game`, random legal moves, until `moves` have been submitted; returns each submitMove's latency. */
async function playClient(gql: Gql, game: string, seats: number, moves: number, rng: Rng, afterMove?: (gameId: string, version: number, move: unknown) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  while (latencies.length < moves) {
    const { id, tokens } = await seatedGame(gql, game, seats);
    for (let next; latencies.length < moves && (next = await randomMove(gql, id, tokens, rng)); ) {
      const t0 = performance.now();
      const moved = await gql(MOVE, { id, move: next.move }, next.token);
      latencies.push(performance.now() - t0);
      await afterMove?.(id, moved.submitMove.game.version, next.move);
    }
  }
  return latencies;
}

export async function benchHttp(opts: { game: string; seats: number; moves: number }) {
  const server = await localServer();
  // The floors: the same conditional PutItem the store makes, of a copy of the commit the move
  // just wrote (same attributes, same bytes), under a key of its own; same store, same process.
  // Once bare, once behind a minimal mercurius server answering the same document.
  const doc = DynamoDBDocumentClient.from(server.client);
  const floor = await mercuriusFloor(server.client, 'bench');
  const floorPost = keepAlivePost(floor.url);
  const puts: number[] = [];
  const minimal: number[] = [];
  let itemBytes = 0;
  const copy = async (gameId: string, version: number, key: string) => {
    const { Item: commit } = await doc.send(new GetCommand({ TableName: 'bench', Key: { [KEY.partition]: gamePk(gameId), [KEY.sort]: commitSk(version) } }));
    if (!commit) throw new Error(`commit ${version} of ${gameId} not found`);
    return { ...commit, [KEY.partition]: key };
  };
  const floors = async (gameId: string, version: number, move: unknown) => {
    floor.write(await copy(gameId, version, `MINIMAL#${minimal.length}`));
    const t1 = performance.now();
    const answer = JSON.parse(await floorPost.post('/graphql', JSON.stringify({ query: MOVE, variables: { id: gameId, move } })));
    minimal.push(performance.now() - t1);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    const Item = await copy(gameId, version, `BENCH#${puts.length}`);
    itemBytes += JSON.stringify(Item).length;
    const t0 = performance.now();
    await doc.send(new PutCommand({ TableName: 'bench', Item, ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': KEY.partition } }));
    puts.push(performance.now() - t0);
  };
  const latencies = await playClient(server.gql, opts.game, opts.seats, opts.moves, fastRng(42), floors);
  floorPost.close();
  await floor.close();
  await server.close();
  return {
    move: summary(latencies),
    minimal: summary(minimal),
    put: { ...summary(puts), meanItemBytes: itemBytes / puts.length },
    movesPerSecond: latencies.length / (latencies.reduce((a, b) => a + b, 0) / 1000),
  };
}

/**
 * Moves per second (wall clock, reads included) of N clients each on its own games, at once, for
 * each N: the sole writer's server (reads trust the cache, as npm start's) without back-pressure
 * and with it (`requestsInFlight` at its default), and one whose every read catches up with the
 * store (as on AWS), the runs of each N one after the other. Latencies are the client's: a move
 * refused BUSY counts from its first try to its answer.
 */
export async function benchConcurrent(opts: { game: string; seats: number; clients: number[]; movesPerClient: number }) {
  const servers = { trusted: await localServer(true), bounded: await localServer(true, DEFAULT_LIMITS.requestsInFlight), catchUp: await localServer(false) };
  const run = async (server: Awaited<ReturnType<typeof localServer>>, clients: number) => {
    const busy = server.counts.busy;
    const t0 = performance.now();
    const all = await Promise.all(Array.from({ length: clients }, (_, i) => playClient(server.gql, opts.game, opts.seats, opts.movesPerClient, fastRng(100 + i))));
    const wall = (performance.now() - t0) / 1000;
    return { moves: all.flat().length, movesPerSecond: all.flat().length / wall, busy: server.counts.busy - busy, ...summary(all.flat()) };
  };
  const rows = [];
  for (const clients of opts.clients) rows.push({ clients, trusted: await run(servers.trusted, clients), bounded: await run(servers.bounded, clients), catchUp: await run(servers.catchUp, clients) });
  for (const server of Object.values(servers)) await server.close();
  return { requestsInFlight: DEFAULT_LIMITS.requestsInFlight, rows };
}
