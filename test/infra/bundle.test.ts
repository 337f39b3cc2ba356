/**
 * The one test that really bundles: the CDK app synthesizes with its functions built
 * by infra/bundle.ts (cdk-nag validation included), and each bundle, in a fresh `node`
 * process, answers events against the embedded DynamoDB and the API Gateway stand-in.
 */
import '../handlers/env.js';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { parlorApp } from '../../infra/parlor-stack.js';
import { testApp } from './app.js';
import { runBundle } from '../../infra/run-bundle.js';
import { createParlor } from '../../services/handlers/env.js';
import { games } from '../../services/engine/registry.js';
import { DynamoFinishedGames } from '../../services/store/finished.js';
import { Outbox } from '../../services/notifications/outbox.js';
import { gamePk } from '../../services/store/schema.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { storeBotGame } from '../kit/table-fill.js';
import { loopbackS3 } from '../kit/s3.js';
import { labRunName } from '../../services/analytics/lab.js';
import { scout } from '../../services/engine/games/scout/index.js';
import { FakeApiGateway, httpEvent, STAGE, wsEvent } from '../handlers/kit.js';
import { composeSchema, sdlHash } from '../../services/api/graphql/schema.js';
import { MODULES } from '../../services/modules/index.js';

const db = useEmbeddedDynamo();
const outdir = mkdtempSync(join(tmpdir(), 'parlor-cdk-'));
const bundles = {} as Record<'graphql' | 'rest' | 'web' | 'ws' | 'stream' | 'timer' | 'export' | 'lab', string>;
let gateway: FakeApiGateway;

beforeAll(async () => {
  const { app, stack } = parlorApp(testApp({ outdir }), 'Parlor');
  // Bundles every function, and throws on any unacknowledged cdk-nag finding.
  const template = app.synth().getStackByName(stack.stackName).template;
  for (const [name, fn] of Object.entries({ ...stack.functions, export: stack.exportFunction, lab: stack.lab.shardFunction })) {
    const key: string = template.Resources[stack.getLogicalId(fn.node.defaultChild as any)].Properties.Code.S3Key;
    bundles[name as keyof typeof bundles] = join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs');
  }
  gateway = await new FakeApiGateway().listen();
}, 240_000);
afterAll(async () => {
  await gateway?.close();
  rmSync(outdir, { recursive: true, force: true });
});

const env = () => ({ TABLE_NAME: db.tableName, DYNAMODB_ENDPOINT: (db.server as any).endpoint, WS_ENDPOINT: gateway.endpoint });

/** What a cold start reads: the entry and the chunks it imports statically, transitively (not those behind a dynamic import). */
function coldFiles(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) coldFiles(resolve(dirname(file), m[1]!), seen);
  return seen;
}
const coldKib = (file: string) => [...coldFiles(file)].reduce((n, f) => n + statSync(f).size / 1024, 0);

/** Secrets Manager cannot run here: a loopback stand-in answers GetSecretValue for the signing secret. */
async function secretsManager(): Promise<Record<string, string>> {
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ ARN: 'arn:aws:secretsmanager:local:0:secret:signing', Name: 'signing', SecretString: 'a-signing-secret-for-the-bundle-test' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  onTestFinished(() => new Promise<void>((r) => server.close(() => r())));
  return { SIGNING_SECRET_ARN: 'arn:aws:secretsmanager:local:0:secret:signing', AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the synthesized bundles', () => {
  it('timer sends due webhook deliveries from the outbox (and due email digests) when the minute rule calls', async () => {
    expect((await runBundle(bundles.timer, [{ outbox: true }], env())).results).toEqual([{ sent: 0, digests: 0 }]);
    // A due delivery, to a loopback address: the function signs it (its bundle loads the signer when first needed), then
    // refuses the address, as it refuses every private one. The hook's recorded error says the attempt got that far.
    const play = createParlor({ client: db.client, tableName: db.tableName }).play;
    const hook = await play.webhooks.add('bundle-player', 'http://127.0.0.1:9/hook', undefined);
    await new Outbox(db.client, db.tableName).put({ id: 'bundle-delivery', player: hook.player, webhookId: hook.id, body: '{}', attempt: 0, dueAt: 0, tries: [] });
    const run = await runBundle(bundles.timer, [{ outbox: true }], env());
    expect(run.results).toEqual([{ sent: 1, digests: 0 }]);
    expect(await play.webhooks.get(hook.player, hook.id)).toMatchObject({ failures: 1, lastError: 'address not allowed (private or reserved)' });
  });

  it('are eight different ESM bundles whose cold start reads no more than its budget (lazy chunks aside)', () => {
    expect(new Set(Object.values(bundles)).size).toBe(8);
    // Every function within 2 MiB; timer and export within 1 MiB. ws and stream read ~1,085 and ~1,113 KiB since
    // session 48 (the schema carried made and the games in files of their own; they had read ~1,155 and ~1,201, and
    // their budgets had risen to 1,200 and 1,250 with them): back to 1,150 and 1,175, so a regression shows.
    expect(coldKib(bundles.timer)).toBeLessThan(1024);
    expect(coldKib(bundles.ws)).toBeLessThan(1150);
    expect(coldKib(bundles.stream)).toBeLessThan(1175);
    expect(coldKib(bundles.export)).toBeLessThan(1024);
    // The passkey ceremonies (@simplewebauthn/server and its certificate parsing) are a chunk read at the first ceremony.
    expect(coldKib(bundles.rest)).toBeLessThan(2048);
    expect(coldKib(bundles.graphql)).toBeLessThan(2048);
    // The page's files need no service: the web function reads the app's HTTP stack alone.
    expect(coldKib(bundles.web)).toBeLessThan(1024);
  });

  it('graphql answers GraphQL (JSON scalars, one graphql copy) and nothing else; in production, as deployed, no GraphiQL or introspection', async () => {
    const run = await runBundle(
      bundles.graphql,
      [
        httpEvent('POST', '/graphql', { query: '{ gameTypes { id seats { min } options { name default } } }' }),
        httpEvent('GET', '/graphiql'),
        httpEvent('POST', '/graphql', { query: '{ __schema { types { name } } }' }),
        httpEvent('GET', '/v1/game-types'),
        httpEvent('GET', '/'),
      ],
      { ...env(), NODE_ENV: 'production', ...(await secretsManager()) },
    );
    const [graphql, graphiql, introspection, rest, page] = run.results;
    // It carries the schema's text made at bundle time, for the very SDL it composes (services/api/graphql/prebuilt.ts).
    const read = [...coldFiles(bundles.graphql)].map((f) => readFileSync(f, 'utf8')).join('');
    expect(read).toContain(sdlHash(composeSchema(games, MODULES)));
    expect(JSON.parse(graphql.body).data.gameTypes.map((g: any) => g.id)).toEqual(games.map((g) => g.id));
    expect(graphiql.statusCode).toBe(404);
    expect(JSON.parse(introspection.body).errors[0].extensions.code).toBe('BAD_INPUT');
    // The other groups are other functions' (the HTTP API routes them there): not served here.
    expect([rest.statusCode, page.statusCode]).toEqual([404, 404]);
  });

  it('rest answers the REST mirror (the passkey chunk on first use) and nothing else; in production no docs', async () => {
    const run = await runBundle(
      bundles.rest,
      [
        httpEvent('GET', '/v1/game-types'),
        httpEvent('GET', '/docs/json'),
        httpEvent('POST', '/v1/passkeys/authentication/options', undefined, { origin: 'https://api.example.com' }),
        httpEvent('POST', '/graphql', { query: '{ gameTypes { id } }' }),
      ],
      { ...env(), NODE_ENV: 'production', ...(await secretsManager()) },
    );
    const [rest, openapi, passkey, graphql] = run.results;
    expect(JSON.parse(rest.body).length).toBe(games.length);
    expect(openapi.statusCode).toBe(404);
    // The WebAuthn chunk loads on the first ceremony: sign-in options carry a fresh challenge.
    expect(JSON.parse(passkey.body).challenge).toMatch(/^[\w-]{20,}$/);
    expect(graphql.statusCode).toBe(404);
  });

  it('web serves the page (naming the WebSocket API) and its files, and answers any other path 404 in the API\'s shape', async () => {
    const run = await runBundle(
      bundles.web,
      [httpEvent('GET', '/'), httpEvent('GET', '/vendor/graphql-ws.js'), httpEvent('GET', '/rules/scout.md'), httpEvent('GET', '/no-such-file')],
      // No table, no secret: the web function is granted neither.
      { NODE_ENV: 'production', WEBSOCKET_URL: 'wss://example.execute-api.eu-west-1.amazonaws.com/prod' },
    );
    const [page, vendor, rules, missing] = run.results;
    expect([page.statusCode, vendor.statusCode, rules.statusCode]).toEqual([200, 200, 200]);
    const html = page.isBase64Encoded ? Buffer.from(page.body, 'base64').toString() : page.body;
    expect(html).toContain('<meta name="parlor-websocket" content="wss://example.execute-api.eu-west-1.amazonaws.com/prod">');
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body).error.code).toBe('NOT_FOUND');
    // The page's scripts were bundled when the function was (the Lambda has no esbuild): the page names the entry, which lies beside it.
    const entry = /<script type="module" src="(\/b\/main-\w+\.js)">/.exec(html)?.[1];
    expect(entry, html).toBeDefined();
    expect(existsSync(join(dirname(bundles.web), 'public', entry!))).toBe(true);
  });

  it('ws speaks the protocol, with the resolvers’ error codes intact', async () => {
    const c = 'bundle-ws';
    const frame = (message: unknown) => wsEvent('$default', c, message);
    // A real game of a type other than the first: ws loads its game file (infra/bundle.ts lazyRegistry) to fold it.
    const silver = await createParlor({ client: db.client, tableName: db.tableName }).service.create({ game: 'silver', seats: 2 });
    const run = await runBundle(
      bundles.ws,
      [
        wsEvent('$connect', c, undefined, { 'Sec-WebSocket-Protocol': 'graphql-transport-ws' }),
        frame({ type: 'connection_init', payload: {} }),
        frame({ type: 'ping' }),
        frame({ id: '1', type: 'subscribe', payload: { query: 'subscription { gameUpdated(gameId: "none") { id } }' } }),
        frame({ id: '2', type: 'subscribe', payload: { query: `subscription { gameUpdated(gameId: "${silver.id}") { id type version } }` } }),
      ].map((e) => ({ ...e, requestContext: { ...e.requestContext, stage: STAGE } })),
      env(),
    );
    expect(run.results[0]).toEqual({ statusCode: 200, headers: { 'Sec-WebSocket-Protocol': 'graphql-transport-ws' } });
    expect(gateway.messages(c)).toEqual([
      { type: 'connection_ack' },
      { type: 'pong' },
      { type: 'error', id: '1', payload: [expect.objectContaining({ message: 'no game none', extensions: { code: 'NOT_FOUND' } })] },
      // Folded with the game's own evolve, from its file.
      { type: 'next', id: '2', payload: { data: { gameUpdated: { id: silver.id, type: 'silver', version: 1 } } } },
    ]);
  });

  it('stream projects a real commit record into the lobby', async () => {
    const game = games[0]!;
    const parlor = createParlor({ client: db.client, tableName: db.tableName });
    const created = await parlor.service.create({ game: game.id, seats: game.seats.min });
    const items = await db.client.send(new QueryCommand({ TableName: db.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: gamePk(created.id) } } }));
    const item = items.Items![0]!;
    const record = { eventID: '1', eventName: 'INSERT', dynamodb: { Keys: { pk: item.pk, sk: item.sk }, NewImage: item, SequenceNumber: '1', StreamViewType: 'NEW_IMAGE' } };
    const run = await runBundle(bundles.stream, [{ Records: [record] }], env());
    expect(run.results[0]).toEqual({ batchItemFailures: [] });
    expect((await parlor.service.openGames(game.id)).map((e) => e.gameId)).toContain(created.id);
  });

  it('export (with DuckDB’s native library beside it) writes finished games as partitioned Parquet to the bucket', async () => {
    // S3 itself cannot run here: a loopback server takes the PutObject calls.
    const puts: { path: string; bytes: number }[] = [];
    const s3 = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => (puts.push({ path: decodeURIComponent(req.url!.split('?')[0]!), bytes }), res.setHeader('ETag', '"1"'), res.end()));
    });
    await new Promise<void>((r) => s3.listen(0, '127.0.0.1', r));
    try {
      const finished = await storeBotGame(db.store, scout, { seats: 2, botSeed: 7 });
      await new DynamoFinishedGames(db.client, db.tableName).mark(finished.id, new Date().toISOString()); // as the stream function's projection does
      const run = await runBundle(bundles.export, [{ since: '2026-01-01T00:00:00Z' }], {
        ...env(),
        EXPORT_BUCKET: 'lake',
        AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${(s3.address() as AddressInfo).port}`,
      });
      expect(run.results[0]).toMatchObject({ games: 1, events: finished.commits.reduce((n, c) => n + c.events.length, 0) });
      expect(puts.map((p) => p.path).sort()).toEqual(run.results[0].keys.map((k: string) => `/lake/${k}`).sort());
      expect(puts.every((p) => p.bytes > 0)).toBe(true);
    } finally {
      s3.close();
    }
  });

  it('lab (DuckDB beside it, no worker threads, no tsx) plays its shard of a run and uploads the three Parquet files', async () => {
    const s3 = await loopbackS3();
    onTestFinished(() => s3.close());
    const spec = { game: 'scout', seats: 3, games: 10, bots: 'greedy,random', seed: 'bundle-lab', shards: 3 };
    const run = await runBundle(bundles.lab, [{ run: { ...spec, name: labRunName(spec) }, shard: 1 }], { LAB_BUCKET: 'analytics', AWS_ENDPOINT_URL_S3: s3.endpoint });
    expect(run.results[0]).toMatchObject({ run: labRunName(spec), shard: 1, games: 3 });
    expect([...s3.objects.keys()].sort()).toEqual(run.results[0].keys.map((k: string) => `analytics/${k}`).sort());
    expect([...s3.objects.values()].every((b) => b.subarray(0, 4).toString() === 'PAR1')).toBe(true);
  });
});
