/**
 * The one test that really bundles: the CDK app synthesizes with its three functions built
 * by infra/bundle.ts (cdk-nag validation included), and each bundle, in a fresh `node`
 * process, answers events against the embedded DynamoDB and the API Gateway stand-in.
 */
import '../handlers/env.js';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parlorApp } from '../../infra/parlor-stack.js';
import { runBundle } from '../../infra/run-bundle.js';
import { createParlor } from '../../services/handlers/env.js';
import { games } from '../../services/engine/registry.js';
import { gamePk } from '../../services/store/schema.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { FakeApiGateway, httpEvent, STAGE, wsEvent } from '../handlers/kit.js';

const db = useEmbeddedDynamo();
const outdir = mkdtempSync(join(tmpdir(), 'parlor-cdk-'));
const bundles = {} as Record<'http' | 'ws' | 'stream' | 'timer', string>;
let gateway: FakeApiGateway;

beforeAll(async () => {
  const { app, stack } = parlorApp(new App({ outdir }), 'Parlor');
  // Bundles every function, and throws on any unacknowledged cdk-nag finding.
  const template = app.synth().getStackByName(stack.stackName).template;
  for (const name of ['http', 'ws', 'stream', 'timer'] as const) {
    const key: string = template.Resources[stack.getLogicalId(stack.functions[name].node.defaultChild as any)].Properties.Code.S3Key;
    bundles[name] = join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs');
  }
  gateway = await new FakeApiGateway().listen();
}, 240_000);
afterAll(async () => {
  await gateway?.close();
  rmSync(outdir, { recursive: true, force: true });
});

const env = () => ({ TABLE_NAME: db.tableName, DYNAMODB_ENDPOINT: (db.server as any).endpoint, WS_ENDPOINT: gateway.endpoint });

const kib = (f: string) => statSync(f).size / 1024;

describe('the synthesized bundles', () => {
  it('timer sends due webhook deliveries from the outbox when the minute rule calls', async () => {
    const run = await runBundle(bundles.timer, [{ outbox: true }], env());
    expect(run.results).toEqual([{ sent: 0 }]);
  });

  it('are four different single-file ESM bundles within their size budgets', () => {
    expect(new Set(Object.values(bundles)).size).toBe(4);
    expect(kib(bundles.timer)).toBeLessThan(1600);
    expect(kib(bundles.http)).toBeLessThan(3200);
    expect(kib(bundles.ws)).toBeLessThan(1600);
    expect(kib(bundles.stream)).toBeLessThan(1600);
  });

  it('http answers GraphQL (JSON scalars, one graphql copy), REST, OpenAPI, Swagger UI and GraphiQL pages', async () => {
    const run = await runBundle(
      bundles.http,
      [
        httpEvent('POST', '/graphql', { query: '{ gameTypes { id seats { min } options { name default } } }' }),
        httpEvent('GET', '/v1/game-types'),
        httpEvent('GET', '/docs/json'),
        httpEvent('GET', '/docs/static/swagger-ui.css'),
        httpEvent('GET', '/graphiql'),
      ],
      env(),
    );
    const [graphql, rest, openapi, swagger, graphiql] = run.results;
    expect(JSON.parse(graphql.body).data.gameTypes.map((g: any) => g.id)).toEqual(games.map((g) => g.id));
    expect(JSON.parse(rest.body).length).toBe(games.length);
    expect(JSON.parse(openapi.body).openapi).toMatch(/^3\./);
    expect([swagger.statusCode, swagger.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    expect(graphiql.statusCode).toBe(200);
    expect(graphiql.body).toContain('GraphiQL');
  });

  it('ws speaks the protocol, with the resolvers’ error codes intact', async () => {
    const c = 'bundle-ws';
    const frame = (message: unknown) => wsEvent('$default', c, message);
    const run = await runBundle(
      bundles.ws,
      [
        wsEvent('$connect', c, undefined, { 'Sec-WebSocket-Protocol': 'graphql-transport-ws' }),
        frame({ type: 'connection_init', payload: {} }),
        frame({ type: 'ping' }),
        frame({ id: '1', type: 'subscribe', payload: { query: 'subscription { gameUpdated(gameId: "none") { id } }' } }),
      ].map((e) => ({ ...e, requestContext: { ...e.requestContext, stage: STAGE } })),
      env(),
    );
    expect(run.results[0]).toEqual({ statusCode: 200, headers: { 'Sec-WebSocket-Protocol': 'graphql-transport-ws' } });
    expect(gateway.messages(c)).toEqual([
      { type: 'connection_ack' },
      { type: 'pong' },
      { type: 'error', id: '1', payload: [expect.objectContaining({ message: 'no game none', extensions: { code: 'NOT_FOUND' } })] },
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
});
