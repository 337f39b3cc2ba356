/**
 * Where submitMove's CPU over minimal mercurius goes (issue 33 item 5), by subtraction in one run
 * (not part of `npm run bench`; `NODE_ENV=production nice -n 5 npx tsx bench/write-path-cpu.ts`, MOVES=800):
 * process CPU per request (this process holds the client, every server and dynalite) of
 *   parlor       submitMove through Parlor's app (every app-wide hook), wired as `npm start` (commit reactions in-process)
 *   lambda       the same app wired as the http Lambda function (services/handlers/env.ts): no reactions in-process
 *                (DynamoDB Streams run them in the stream function), so nothing of theirs lands in a request's CPU
 *   graphqlOnly  the same GraphQL plugin on a bare Fastify (context, GraphQL limits, no app hooks)
 *   plain        Parlor's schema and resolvers on a bare mercurius (no context hook, no limits)
 *   minimal      the minimal mercurius server (bench/mercurius-floor.ts) writing a copy of the commit
 *   rules        the same minimal server running the engine's decide and fold of the move (on a fold of its own)
 *                before the same write: the fair anchor, as minimal does no rules (each way in gets both ratios)
 *   serviceMove  service.move alone (its PutItem included), timed inside the first three
 *   put          the bare conditional PutItem of another copy
 * Games rotate over the ways in; the floors follow each move. Trimmed means (the middle 80%)
 * resist the preempted outliers of a shared machine; compare ratios within one run. Each way in's
 * moves are also split: those that write a snapshot against the rest, and each game's first move
 * there (the Lambda wiring has not folded it yet, so it loads it) against the later ones.
 * The Lambda wiring is built as services/handlers/http.ts builds the graphql function: production limits (no
 * development tools), the modules' parts, a logger at warn, only the graphql route group (the REST mirror
 * and the web client's files are functions of their own). Run with NODE_ENV=production, as the functions are.
 * SELECT=page asks Parlor's ways in for what the web page's table asks (services/web/public/js/table.js:
 * every Game field but history and typed moves, the view, expectedVersion and a commandId); SELECT=example
 * as examples/first-game.mjs (expectedVersion, `game { version }`); default the floor's own document.
 * Minimal mercurius always answers its own (`game { version }`).
 * WITHOUT=1 adds the Lambda wiring without each piece of the request's path in turn (`without`,
 * services/api/app.ts), and without all of them: each piece's share, in one run.
 * BASE=<dir> adds the Lambda wiring built from another checkout's services/ (e.g. `git archive` of the
 * base commit, with node_modules linked to this one's): before and after in one run. CONTROL=<dir> adds a copy of this
 * tree the same way (row `control`): a second checkout reads differently on identical code, so a gain shows only past that bias.
 * NOLOG=1 adds the Lambda wiring without a logger (Fastify's null logger), to weigh the request's logger.
 * WAYS=a,b plays through those ways in only.
 * HEAP=1 (HEAP_INTERVAL bytes) adds V8's sampling heap profile of the whole run, per counted request (bench/heap-sites.ts): run it with WAYS=lambda.
 * PROFILE=1 (PROFILE_INTERVAL µs, PROFILE_TOP rows) adds V8's self and inclusive time per request of
 * the Lambda wiring and of minimal mercurius (PROFILE_VS=rules: the rules floor), and their difference by function and by owner
 * (package, services/ folder, GC: bench/profile-windows.ts); a way in's first move of each game (a load) is charged apart.
 * Every run also prints the DynamoDB calls per counted request by way in (and the bytes each sends), and the commit
 * item's bytes by attribute (what write units are charged on; the floors write copies of it).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { fastRng } from '../services/engine/core/index.js';
import { fromStream } from '../services/app/aggregate.js';
import { createLocalParlor } from '../services/local.js';
import { graphqlPlugin } from '../services/api/graphql/plugin.js';
import { resolveLimits } from '../services/api/limits/settings.js';
import { commitSk, ensureTable, gamePk, KEY, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { keepAlivePost, MOVE, OPEN_LIMITS, randomMove, seatedGame } from './http.js';
import { mercuriusFloor } from './mercurius-floor.js';
import mercurius from 'mercurius';
import { buildParlorSchema } from '../services/api/graphql/schema.js';
import { allResolvers } from '../services/api/graphql/all-resolvers.js';
import { bearer } from '../services/api/errors.js';
import { APP_PIECES, buildApp, type AppPiece } from '../services/api/app.js';
import { loggerOptions } from '../services/api/logging.js';
import { createParlor } from '../services/handlers/env.js';
import { Session } from 'node:inspector/promises';
import { profileReport } from './profile-windows.js';
import { heapReport } from './heap-sites.js';
import { introspectionFromSchema } from 'graphql';
import { randomUUID } from 'node:crypto';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const moves = Number(process.env.MOVES ?? 800);
const warm = Number(process.env.WARMUP ?? 100);
const perGame = Number(process.env.PER_GAME ?? 30);
const SECRET = 'write-path-cpu bench secret';
const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'bench');
const { app, service, play } = await createLocalParlor({ client, tableName: 'bench', signingSecret: SECRET, limits: OPEN_LIMITS, soleWriter: process.env.SOLE === '1' });
const bare: FastifyInstance = Fastify();
await bare.register(graphqlPlugin, { service, play, limits: resolveLimits(OPEN_LIMITS), subscriptions: false });
const floor = await mercuriusFloor(client, 'bench');
const rulesFloor = await mercuriusFloor(client, 'bench', { rules: true });
// One signing secret for every wiring: a seat token from one opens the seat on the others.
const onLambda = createParlor({ client, tableName: 'bench', signingSecret: async () => SECRET });
// As services/handlers/http.ts builds it (its logger writes warnings only: none here).
const lambdaOptions = { service: onLambda.service, play: onLambda.play, parts: onLambda.modules, logger: loggerOptions('warn'), limits: { ...OPEN_LIMITS, devTools: false }, subscriptions: false, serve: ['graphql'] as const };
const lambdaApp = (without: readonly AppPiece[] = []) => buildApp({ ...lambdaOptions, without });
// Parlor's schema and resolvers on mercurius with nothing else: no context hook (the bearer passed as is), no limits' hooks or rules.
const plain: FastifyInstance = Fastify();
await plain.register(mercurius, { schema: buildParlorSchema(service.games, true), resolvers: allResolvers(service, play), context: (req) => ({ token: bearer(req.headers.authorization) }) });
const servers: Record<string, FastifyInstance> = { parlor: app, lambda: await lambdaApp(), graphqlOnly: bare, plain };
// NOLOG=1: the Lambda wiring with no logger at all (what a request's logger costs when nothing is written).
if (process.env.NOLOG) servers.nolog = await buildApp({ ...lambdaOptions, logger: false });
if (process.env.WITHOUT) {
  for (const piece of APP_PIECES) servers[`-${piece}`] = await lambdaApp([piece]);
  servers['-all'] = await lambdaApp(APP_PIECES);
}
// BASE=<dir> (row `base`), and CONTROL=<dir> (row `control`: a copy of this very tree, to read the bias of a second checkout in the same run).
for (const [row, dir] of [['base', process.env.BASE], ['control', process.env.CONTROL]] as const) {
  if (!dir) continue;
  // Another checkout's wiring, on its own service (a game is played through one way in: the fold caches stay current).
  const base = await import(`${dir}/services/handlers/env.ts`);
  const baseApp = await import(`${dir}/services/api/app.ts`);
  const onBase = base.createParlor({ client, tableName: 'bench', signingSecret: async () => SECRET });
  servers[row] = await baseApp.buildApp({ ...lambdaOptions, service: onBase.service, play: onBase.play, parts: onBase.modules });
}
const posts: Record<string, ReturnType<typeof keepAlivePost>> = { minimal: keepAlivePost(floor.url), rules: keepAlivePost(rulesFloor.url) };
for (const [name, server] of Object.entries(servers)) posts[name] = keepAlivePost(await server.listen({ port: 0, host: '127.0.0.1' }));
const cpu: Record<string, number[]> & { serviceMove: number[]; put: number[]; minimal: number[]; rules: number[] } = { serviceMove: [], put: [], minimal: [], rules: [] };
for (const name of Object.keys(servers)) cpu[name] = [];
// The minimal server's CPU on the same moves as each way in (it follows each of their moves): a ratio over these pairs
// is not moved by a machine whose speed changes over the run (other processes, clocks), as the ways in play in turns.
const pairedMinimal: Record<string, number[]> = {};
const pairedRules: Record<string, number[]> = {};
for (const name of Object.keys(servers)) (pairedMinimal[name] = []), (pairedRules[name] = []);
// service.move's own CPU (its PutItem round trip included): what GraphQL and HTTP add is the rest.
let measuring = false;
const move = service.move.bind(service);
service.move = async (input) => {
  const c0 = process.cpuUsage();
  const out = await move(input);
  const c = process.cpuUsage(c0);
  if (measuring) cpu.serviceMove.push(c.user + c.system);
  return out;
};

// The DynamoDB calls each counted request makes (every wiring shares this one client; requests run one at a time):
// by command, with the bytes of the request body sent, against minimal's one PutItem.
let callsOf: string | undefined;
const calls = new Map<string, Map<string, { n: number; bytes: number }>>();
const requestsOf = new Map<string, number>();
// A game's first move through a way in (it loads the game) is charged apart, in the calls and in PROFILE=1's windows.
let firstHere = false;
client.middlewareStack.add(
  (next, context) => async (args) => {
    if (callsOf) {
      const body = (args.request as { body?: unknown }).body;
      const m = calls.get(callsOf) ?? new Map<string, { n: number; bytes: number }>();
      calls.set(callsOf, m);
      const c = m.get(String(context.commandName)) ?? { n: 0, bytes: 0 };
      m.set(String(context.commandName), c);
      c.n++;
      c.bytes += typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : 0;
    }
    return next(args);
  },
  { step: 'finalizeRequest', name: 'writePathCalls' },
);
const doc = DynamoDBDocumentClient.from(client);
// PROFILE=1: V8's sampler over the whole run; each sample is charged to the counted request whose window holds it.
const windows: { via: string; from: bigint; to: bigint }[] = [];
const profiler = process.env.PROFILE ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: Number(process.env.PROFILE_INTERVAL ?? 50) });
  await profiler.post('Profiler.start');
}
const heap = process.env.HEAP ? new Session() : undefined;
if (heap) {
  heap.connect();
  await heap.post('HeapProfiler.startSampling', { samplingInterval: Number(process.env.HEAP_INTERVAL ?? 4096) });
}
// The document Parlor's ways in are asked (SELECT), with its variables for a move; minimal always gets MOVE.
const select = process.env.SELECT ?? 'floor';
const pageSelection = await (async () => {
  // The page builds its selection from introspection (Schema.load of Game and the view type, except three types): the same from the schema here.
  const schema = buildParlorSchema(service.games, false);
  // The page's own module (plain JS for the browser; its selection code reads no browser globals).
  const pageApi = '../services/web/public/js/api.js';
  const { Schema } = (await import(pageApi)) as { Schema: new () => { types: Map<string, unknown>; gameSelection(viewType: string): string } };
  const page = new Schema();
  const except = ['GameView', 'HistoryEntry', 'Move'];
  for (const t of introspectionFromSchema(schema).__schema.types) if (!except.includes(t.name)) page.types.set(t.name, t);
  return page.gameSelection(service.games.find((g) => g.id === 'scout')!.viewType);
})();
const documents: Record<string, { query: string; variables: (v: { id: string; move: unknown }, version: number) => object }> = {
  floor: { query: MOVE, variables: (v) => v },
  example: { query: 'mutation($id: ID!, $move: JSON!, $v: Int) { submitMove(gameId: $id, move: $move, expectedVersion: $v) { game { version } } }', variables: (v, version) => ({ ...v, v: version }) },
  page: { query: `mutation($id: ID!, $move: JSON!, $v: Int, $c: ID) { submitMove(gameId: $id, move: $move, expectedVersion: $v, commandId: $c) { game { ${pageSelection} } } }`, variables: (v, version) => ({ ...v, v: version, c: randomUUID().replaceAll('-', '') }) },
};
const asked = documents[select];
if (!asked) throw new Error(`SELECT is one of ${Object.keys(documents).join(', ')}`);
const call = async (via: string, variables: { id: string; move: unknown }, version: number, token: string | undefined, into: number[] | null) => {
  const { query, variables: vars } = via === 'minimal' || via === 'rules' ? documents.floor! : asked;
  const sent = JSON.stringify({ query, variables: vars(variables, version) });
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const label = firstHere && via !== 'minimal' && via !== 'rules' ? `${via} (first move)` : via;
  callsOf = into ? label : undefined;
  if (into) requestsOf.set(label, (requestsOf.get(label) ?? 0) + 1);
  const body = JSON.parse(await posts[via]!.post('/graphql', sent, token));
  callsOf = undefined;
  const c = process.cpuUsage(c0);
  if (into) windows.push({ via: label, from: t0, to: process.hrtime.bigint() });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  into?.push(c.user + c.system);
  return body.data;
};
const gql = async (query: string, variables: object, token?: string) => {
  const body = JSON.parse(await posts.parlor!.post('/graphql', JSON.stringify({ query, variables }), token));
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
};
const rng = fastRng(42);
// The commit items the counted moves wrote, by attribute: DynamoDB's item size (name + value bytes; a number ~ digits/2 + 1), what a write's units are charged on.
const itemBytes = new Map<string, number>();
const attributeBytes = (name: string, value: unknown) => Buffer.byteLength(name) + (typeof value === 'string' ? Buffer.byteLength(value) : typeof value === 'number' ? Math.ceil(String(value).length / 2) + 1 : Buffer.byteLength(JSON.stringify(value)));
// Which counted moves also wrote a snapshot (every SNAPSHOT_EVERY versions), by way in and index: their share is printed apart.
const snapshotMoves: [string, number][] = [];
const plainMoves: [string, number][] = [];
// Likewise each game's first move through its way in: the Lambda wiring has not folded that game yet (it was created through `parlor`), so it loads it.
const firstMoves: [string, number][] = [];
const laterMoves: [string, number][] = [];
// WAYS=lambda,base: only those ways in take turns (more samples each in the same time).
const order = process.env.WAYS ? process.env.WAYS.split(',') : Object.keys(servers);
// The ways in take turns by game, not by move: the Lambda wiring's service keeps its own fold cache, which a
// move made through the other service would leave one commit behind (a catch-up read no deployment pays per move).
for (let n = 0, g = 0; n < moves + warm; g++) {
  const { id, tokens } = await seatedGame(gql, 'scout', 4);
  const via = order[g % order.length]!;
  // At most PER_GAME moves a game (a 4-seat SCOUT game runs to ~150), so every way in plays several games.
  for (let next, k = 0; k < perGame && n < moves + warm && (next = await randomMove(gql, id, tokens, rng)); n++, k++) {
    const counted = n >= warm;
    // The rules floor folds a game from the store once (outside any counted window), then each move it decides itself.
    if (rulesFloor.version(id) !== next.version) {
      const agg = fromStream(id, { version: next.version, snapshot: null, commits: await service.commitsUpTo(id, next.version) });
      rulesFloor.follow(id, { table: agg.table, state: agg.state, version: agg.version });
    }
    measuring = counted;
    firstHere = k === 0;
    const moved = await call(via, { id, move: next.move }, next.version, next.token, counted ? cpu[via]! : null);
    measuring = false;
    firstHere = false;
    const { Item } = await doc.send(new GetCommand({ TableName: 'bench', Key: { [KEY.partition]: gamePk(id), [KEY.sort]: commitSk(moved.submitMove.game.version) } }));
    if (counted) (Item!.snapshot === undefined ? plainMoves : snapshotMoves).push([via, cpu[via]!.length - 1]);
    if (counted) (k === 0 ? firstMoves : laterMoves).push([via, cpu[via]!.length - 1]);
    if (counted) for (const [name, value] of Object.entries(Item!)) itemBytes.set(name, (itemBytes.get(name) ?? 0) + attributeBytes(name, value));
    // Both floors follow the move, in turns first (neither always runs right after the way in).
    const minimal = async () => {
      floor.write({ ...Item, [KEY.partition]: `MINIMAL#${n}` });
      await call('minimal', { id, move: next.move }, next.version, undefined, counted ? cpu.minimal : null);
      if (counted) pairedMinimal[via]!.push(cpu.minimal.at(-1)!);
    };
    const rules = async () => {
      rulesFloor.write({ ...Item, [KEY.partition]: `RULES#${n}` }, tokens.indexOf(next.token));
      await call('rules', { id, move: next.move }, next.version, undefined, counted ? cpu.rules : null);
      if (counted) pairedRules[via]!.push(cpu.rules.at(-1)!);
    };
    if (n % 2) await rules(), await minimal();
    else await minimal(), await rules();
    const p0 = process.cpuUsage();
    await client.send(new PutItemCommand({ TableName: 'bench', Item: marshall({ ...Item, [KEY.partition]: `PUT#${n}` }, { removeUndefinedValues: true }), ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': KEY.partition } }));
    const pc = process.cpuUsage(p0);
    if (counted) cpu.put.push(pc.user + pc.system);
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
// A trimmed mean (middle 80%): robust to the preempted outliers of a shared machine.
const trim = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return mean(s.slice(Math.floor(s.length * 0.1), Math.ceil(s.length * 0.9))); };
const rows = ['parlor', 'lambda', 'nolog', ...(process.env.BASE ? ['base'] : []), ...(process.env.CONTROL ? ['control'] : []), 'graphqlOnly', 'plain', ...Object.keys(servers).filter((n) => n.startsWith('-')), 'minimal', 'rules', 'serviceMove', 'put'];
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
for (const k of rows) {
  const xs = cpu[k]!;
  if (!xs?.length) continue;
  const own = pairedMinimal[k];
  const ruled = pairedRules[k];
  // The pairs' ratios: the way in's trimmed mean over each floor's on the same moves.
  const pairs = own ? `  ÷ minimal on the same moves (trimmed): ${ratio(trim(xs), trim(own))}  ÷ rules floor on the same moves (trimmed): ${ratio(trim(xs), trim(ruled!))}` : '';
  console.log(`${k.padEnd(16)} n ${String(xs.length).padStart(4)}  CPU µs/request mean ${mean(xs).toFixed(0)}  median ${med(xs).toFixed(0)}  trimmed ${trim(xs).toFixed(0)}  ÷ minimal: mean ${ratio(mean(xs), mean(cpu.minimal))}  median ${ratio(med(xs), med(cpu.minimal))}  trimmed ${ratio(trim(xs), trim(cpu.minimal))}${pairs}`);
}
// The moves that wrote a snapshot against the rest (a snapshot is the fold as JSON, built by Parlor and copied by the floors).
for (const k of order) {
  const of = (list: [string, number][], xs: number[]) => list.filter(([via]) => via === k).map(([, i]) => xs[i]!);
  const line = (list: [string, number][]) => {
    const [own, floorMinimal, floorRules] = [of(list, cpu[k]!), of(list, pairedMinimal[k]!), of(list, pairedRules[k]!)].map(trim) as [number, number, number];
    return `n ${of(list, cpu[k]!).length}, trimmed ${own.toFixed(0)} µs (÷ minimal ${ratio(own, floorMinimal)}, ÷ rules floor ${ratio(own, floorRules)})`;
  };
  if (of(snapshotMoves, cpu[k]!).length && of(plainMoves, cpu[k]!).length) console.log(`${k.padEnd(16)} moves writing a snapshot: ${line(snapshotMoves)}; the others: ${line(plainMoves)}`);
  if (of(firstMoves, cpu[k]!).length && of(laterMoves, cpu[k]!).length) console.log(`${k.padEnd(16)} a game's first move here: ${line(firstMoves)}; the later moves: ${line(laterMoves)}`);
}
for (const [k, m] of calls) {
  const n = requestsOf.get(k)!;
  console.log(`${k.padEnd(16)} n ${n}, DynamoDB calls per request: ${[...m].map(([name, c]) => `${(c.n / n).toFixed(2)} ${name.replace(/Command$/, '')} (${(c.bytes / c.n).toFixed(0)} B sent each)`).join(', ')}`);
}
{
  const counted = snapshotMoves.length + plainMoves.length;
  const total = [...itemBytes.values()].reduce((a, b) => a + b, 0);
  console.log(`commit item, bytes per counted move (the floors write copies): ${total / counted | 0} in all; ${[...itemBytes].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / counted).toFixed(0)}`).join(', ')}`);
}
if (heap) heapReport((await heap.post('HeapProfiler.stopSampling')).profile, moves, Number(process.env.PROFILE_TOP ?? 45));
if (profiler) profileReport((await profiler.post('Profiler.stop')).profile, windows, ['lambda', process.env.PROFILE_VS ?? 'minimal'], Number(process.env.PROFILE_TOP ?? 45), Number(process.env.PROFILE_INTERVAL ?? 50));
for (const p of Object.values(posts)) p.close();
for (const server of Object.values(servers)) if (server !== app) await server.close();
await floor.close();
await rulesFloor.close();
await app.close();
client.destroy();
await dynamo.close();
