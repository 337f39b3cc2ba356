/**
 * `npx tsx bench/dynamo-calls.ts [root ...]`: the DynamoDB calls the app makes, by operation, per
 * server start, per move, per view read and per lobby read, playing seeded 2-seat games over HTTP
 * on embedded DynamoDB (as test/kit/server.ts does): one of seat tokens, one of registered players
 * with a clock. The calls are the AWS bill and about half the CPU of the store-heavy tests
 * (issue 39 §4). With several roots (checkouts) each runs in a child process of its own: the counts
 * are deterministic, so one round is enough. Prints one JSON line a root.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const MOVES = Number(process.env.MOVES ?? 24);
const GAME = process.env.GAME ?? 'scout';

type Counts = Record<string, number>;

if (process.env.CALLS_CHILD) {
  const root = process.env.CALLS_CHILD;
  const { createLocalParlor } = (await import(pathToFileURL(`${root}/services/local.ts`).href)) as typeof import('../services/local.js');
  const store = (await import(pathToFileURL(`${root}/services/store/index.ts`).href)) as typeof import('../services/store/index.js');
  const { loopbackClient } = (await import(pathToFileURL(`${root}/test/kit/loopback-client.ts`).href)) as typeof import('../test/kit/loopback-client.js');
  const { send } = (await import(pathToFileURL(`${root}/test/kit/http.ts`).href)) as typeof import('../test/kit/http.js');
  const dynamo = await store.startEmbeddedDynamo();
  const client = loopbackClient(dynamo.endpoint);
  let calls: string[] = [];
  // CALLS_LOG=1: every call's operation and key on stderr, to see which code made it.
  const log = process.env.CALLS_LOG ? (op: string, input: any) => console.error(op, JSON.stringify(input.Key ?? input.ExpressionAttributeValues ?? input.Item?.pk ?? input.RequestItems ?? input.TransactItems ?? '').slice(0, 300)) : () => {};
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const op = String(context.commandName).replace(/Command$/, '');
      calls.push(op);
      log(op, args.input);
      if (process.env.CALLS_TRACE && `${op} ${JSON.stringify(args.input)}`.includes(process.env.CALLS_TRACE)) console.error(new Error('trace').stack);
      return next(args);
    },
    { step: 'initialize', name: 'countCalls' },
  );
  const limits = { devTools: false, perClientPerMinute: 1e6, perTokenPerMinute: 1e6, createsPerMinute: 1e6, joinsPerMinute: 1e6, registrationsPerHour: 1e6, seatsInOpenGames: 1e6, requestsInFlightPerClient: 1e6, requestsInFlight: 1e6 };
  const taken = (): string[] => {
    const out = calls;
    calls = [];
    return out;
  };
  const tally = (into: Counts, made: string[]) => {
    for (const op of made) into[op] = (into[op] ?? 0) + 1;
  };
  const per = (counts: Counts, n: number) => Object.fromEntries(Object.entries(counts).sort().map(([op, c]) => [op, Math.round((c / n) * 100) / 100]));
  const total = (counts: Counts, n: number) => Math.round((Object.values(counts).reduce((a, b) => a + b, 0) / n) * 100) / 100;

  // A warm-up start (the modules' first imports), then the counted one, on a table of its own.
  for (const table of ['warm', 'counted']) {
    await store.ensureTable(client, table);
    taken();
    const parlor = await createLocalParlor({ client, tableName: table, limits, bots: { workers: 0 }, checkpointMs: 3_600_000, webhooks: { pollMs: 3_600_000 } });
    const url = await parlor.app.listen({ port: 0, host: '127.0.0.1' });
    const startCalls = taken();
    if (process.env.CALLS_LOG) console.error('^ start', table);
    const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string) => {
      const res = await send(`${url}/graphql`, 'POST', { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, JSON.stringify({ query, variables }));
      const body = JSON.parse(res.text) as { data?: any; errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    };
    const VIEW = 'query($id: ID!) { game(id: $id) { version status { toMove over } view { __typename } legalMoves clocks { seat } } }';
    const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';
    const LOBBY = 'query { openGames { gameId } }';
    const kinds: Record<string, { view: Counts; move: Counts; views: number; moves: number }> = {};
    const lobby: Counts = {};
    let lobbyReads = 0;
    /** `tokens`: one a human seat ('' for a seat token); the bots' seats come after them. */
    const play = async (kind: string, input: string, tokens: string[]) => {
      const id = (await gql(`mutation { createGame(input: { game: "${GAME}", seats: 2, seed: "bench", ${input} }) { game { id } } }`, {}, tokens[0] || undefined)).createGame.game.id;
      const seats: string[] = [];
      for (const token of tokens) seats.push((await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "p") { token } }', { id }, token || undefined)).joinGame.token);
      await parlor.play.settle();
      taken();
      const k = (kinds[kind] = { view: {}, move: {}, views: 0, moves: 0 });
      for (let i = 0; i < MOVES; i++) {
        // Each seat reads its view (as a page does after every change), then the seat to move moves.
        let toMove: number[] = [];
        let legal: unknown[] = [];
        for (let s = 0; s < seats.length; s++) {
          const game = (await gql(VIEW, { id }, seats[s])).game;
          toMove = game.status.toMove;
          if (toMove.includes(s)) legal = game.legalMoves;
          k.views++;
        }
        if (process.env.CALLS_LOG) console.error('^ views', kind, i);
        tally(k.view, taken());
        if (toMove.length === 0) break;
        if (legal.length === 0) {
          // The bot's move is still under way (server moves run in the background): look again.
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        await gql(MOVE, { id, m: legal[0] }, seats[toMove.find((s) => s < seats.length)!]);
        await parlor.play.settle();
        if (process.env.CALLS_LOG) console.error('^ move', kind, i);
        tally(k.move, taken());
        k.moves++;
        await gql(LOBBY);
        lobbyReads++;
        if (process.env.CALLS_LOG) console.error('^ lobby', i);
        tally(lobby, taken());
      }
    };
    await play('seatTokens', '', ['', '']);
    const players: string[] = [];
    for (const name of ['ann', 'bob']) players.push((await gql(`mutation { registerPlayer(name: "${name}${table}") { token } }`)).registerPlayer.token);
    await play('playersWithClock', 'timeControl: { perMove: "P1D" }', players);
    await play('vsBot', 'bots: [{ seat: 1, kind: "greedy" }]', ['']);
    await parlor.app.close();
    const closeCalls = taken();
    if (table === 'warm') continue;
    const start: Counts = {};
    tally(start, startCalls);
    const result: Record<string, unknown> = { start: { total: startCalls.length, ...start }, close: closeCalls.length };
    for (const [kind, k] of Object.entries(kinds)) {
      result[kind] = { moves: k.moves, perMove: { total: total(k.move, k.moves), ...per(k.move, k.moves) }, perView: { total: total(k.view, k.views), ...per(k.view, k.views) } };
    }
    result.perLobbyRead = { total: total(lobby, lobbyReads), ...per(lobby, lobbyReads) };
    console.log(JSON.stringify(result));
  }
  client.destroy();
  await dynamo.close();
  process.exit(0);
}

const roots = (process.argv.slice(2).length ? process.argv.slice(2) : ['.']).map((r) => resolve(r));
for (const root of roots) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], { cwd: root, env: { ...process.env, CALLS_CHILD: root }, encoding: 'utf8' });
  console.log(JSON.stringify({ root, ...JSON.parse(out.trim().split('\n').pop()!) }));
}
