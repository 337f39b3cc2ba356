/**
 * Bundle size and cold start of each Lambda handler, as deployed (infra/bundle.ts):
 * each run is a fresh `node` process that imports the bundle and answers one realistic
 * event against a real DynamoDB API (embedded, on loopback) and a stand-in management API.
 *
 *   npx tsx infra/measure-bundles.ts [runs=7]
 *
 * The floor (infra/floor/handler.ts) is the bare mandated stack answering one mutation with one
 * conditional PutItem, bundled the same way and measured first in the same run; each function's
 * init + first event is printed as a multiple of it (target ≤ 1.1×), its size against 2 MiB.
 * Events: graphql — a createGame mutation (one conditional PutItem); rest — POST /v1/games, the
 * same create; web — GET / (the page); ws — a
 * connection_init (PutItem + PostToConnection); stream — the first commit of a game (lobby
 * projection + subscriber query). Times are medians; "total" includes Node's own start.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { createParlor } from '../services/handlers/env.js';
import { games } from '../services/engine/registry.js';
import { ensureTable, gamePk, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { bundle, HANDLERS, ROOT, type Bundle, type HandlerName } from './bundle.js';
import { runBundle, type Run } from './run-bundle.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const runs = Number(process.argv[2] ?? 7);
const TABLE = 'parlor-measure';

const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, TABLE);
const management = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
await new Promise<void>((r) => management.listen(0, '127.0.0.1', r));
const wsEndpoint = `http://127.0.0.1:${(management.address() as AddressInfo).port}/prod`;

// A real commit item for the stream event.
const game = games[0]!;
const created = await createParlor({ client, tableName: TABLE }).service.create({ game: game.id, seats: game.seats.min });
const items = await client.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: gamePk(created.id) } } }));
const image = items.Items![0]!;

const httpEvent = (body: string | undefined, method = 'POST', path = '/graphql') => ({
  version: '2.0',
  routeKey: '$default',
  rawPath: path,
  rawQueryString: '',
  headers: { ...(body !== undefined && { 'content-type': 'application/json' }), host: 'api.example.com', 'accept-encoding': 'gzip' },
  requestContext: { http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'measure' }, stage: '$default', requestId: 'r' },
  ...(body !== undefined && { body }),
  isBase64Encoded: false,
});
const createGame = `mutation { createGame(input: { game: "${game.id}", seats: ${game.seats.min} }) { game { id version } } }`;

const events: Record<HandlerName | 'floor', unknown> = {
  // The floor first: every function is compared with it, measured in the same run.
  floor: httpEvent(JSON.stringify({ query: `mutation { createGame(game: "${game.id}", seats: ${game.seats.min}) { id version } }` })),
  graphql: httpEvent(JSON.stringify({ query: createGame })),
  rest: httpEvent(JSON.stringify({ game: game.id, seats: game.seats.min }), 'POST', '/v1/games'),
  web: httpEvent(undefined, 'GET', '/'),
  ws: { requestContext: { routeKey: '$default', connectionId: 'measure', domainName: '127.0.0.1', stage: 'prod' }, body: JSON.stringify({ type: 'connection_init', payload: {} }) },
  stream: {
    Records: [{ eventID: '1', eventName: 'INSERT', eventSource: 'aws:dynamodb', dynamodb: { Keys: { pk: image.pk, sk: image.sk }, NewImage: image, SequenceNumber: '1', StreamViewType: 'NEW_IMAGE' } }],
  },
  // A deadline that is not due: the function reads the game and changes nothing.
  timer: { kind: 'timeout', gameId: created.id, seat: 0, version: created.version, deadline: new Date(Date.now() + 3600_000).toISOString(), at: Date.now() + 3600_000 },
};
const ok = (name: HandlerName | 'floor', r: any) =>
  name === 'stream' ? r?.batchItemFailures?.length === 0 : name === 'timer' ? r?.changed === false : (r?.statusCode === 200 || (name === 'rest' && r?.statusCode === 201)) && !String(r?.body ?? '').includes('"errors"');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const TWO_MIB = 2 * 1024 * 1024;
type Measured = HandlerName | 'floor';
const names: Measured[] = ['floor', ...(Object.keys(HANDLERS) as HandlerName[])];
const bundles = new Map<Measured, Bundle>();
for (const name of names) {
  const outdir = join(ROOT, 'dist', 'measure', name);
  rmSync(outdir, { recursive: true, force: true });
  bundles.set(name, await bundle(name, outdir));
}
// Interleaved (each round runs every bundle once), so the machine's load drifts alike for all.
const samples = new Map<Measured, Run[]>(names.map((n) => [n, []]));
for (let i = 0; i < runs; i++) {
  for (const name of names) {
    const sample = await runBundle(bundles.get(name)!.file, [events[name]], { TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: dynamo.endpoint, WS_ENDPOINT: wsEndpoint, NODE_ENV: 'production' });
    if (!ok(name, sample.results[0])) throw new Error(`${name} answered ${JSON.stringify(sample.results[0])}`);
    samples.get(name)!.push(sample);
  }
}
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const medianOf = (name: Measured, f: (r: Run) => number) => median(samples.get(name)!.map(f));
const initFirst = (r: Run) => r.importMs + r.firstMs;
const versus = (x: number, floor: number) => `${(x / floor).toFixed(2)}× (${x / floor <= 1.1 ? 'meets' : 'misses'} ≤ 1.1×)`;
const rows = names.map((name) => {
  const b = bundles.get(name)!;
  const ms = (k: 'importMs' | 'firstMs' | 'totalMs' | 'cpuMs') => `${medianOf(name, (r) => r[k]).toFixed(0)} ms`;
  const cold = b.bytes + b.sharedBytes;
  const wall = medianOf(name, initFirst);
  const cpu = medianOf(name, (r) => r.cpuMs);
  const ratios = name === 'floor' ? 'the floor | the floor' : `${versus(wall, medianOf('floor', initFirst))} | ${versus(cpu, medianOf('floor', (r) => r.cpuMs))}`;
  return `| ${name} | ${kib(cold)} (${cold <= TWO_MIB ? '≤' : '**over**'} 2 MiB) | ${b.lazyBytes ? kib(b.lazyBytes) : '–'} | ${b.assetBytes ? kib(b.assetBytes) : '–'} | ${ms('importMs')} | ${ms('firstMs')} | ${wall.toFixed(0)} ms | ${ms('cpuMs')} | ${ratios} | ${ms('totalMs')} |`;
});

const report = [
  `Node ${process.versions.node}, ${runs} fresh processes per handler, medians; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`,
  '',
  '| bundle | read at a cold start | lazy chunks | static assets | init (import + wiring) | first event | init + first | CPU to first answer | init + first ÷ floor | CPU ÷ floor | total (incl. Node start) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(report);
writeFileSync(join(ROOT, 'dist', 'measure', 'report.md'), report + '\n');

management.close();
client.destroy();
await dynamo.close();
