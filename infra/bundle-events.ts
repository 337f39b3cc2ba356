/**
 * The realistic first event of each function, shared by infra/measure-bundles.ts (the current code)
 * and infra/compare-bundles.ts (bundles of several commits in one run), so both send the same:
 * graphql a createGame mutation (one conditional PutItem); rest POST /v1/games, the same create;
 * web GET / (the page); ws a connection_init (PutItem + PostToConnection); stream the first commit
 * of a game (lobby projection + subscriber query); timer a deadline that is not due.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createParlor } from '../services/handlers/env.js';
import { games } from '../services/engine/registry.js';
import { gamePk } from '../services/store/index.js';
import type { HandlerName } from './bundle.js';

export type Measured = HandlerName | 'floor';

export interface BundleEvents {
  events: Record<Measured, unknown>;
  /** Whether a function's answer to its event is the success it should be. */
  ok(name: Measured, answer: any): boolean;
  /** The stand-in WebSocket management API (PostToConnection answers 200). */
  wsEndpoint: string;
  close(): Promise<void>;
}

export async function bundleEvents(client: DynamoDBClient, table: string): Promise<BundleEvents> {
  const management = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
  await new Promise<void>((r) => management.listen(0, '127.0.0.1', r));
  const wsEndpoint = `http://127.0.0.1:${(management.address() as AddressInfo).port}/prod`;

  // A real commit item for the stream event.
  const game = games[0]!;
  const created = await createParlor({ client, tableName: table }).service.create({ game: game.id, seats: game.seats.min });
  const items = await client.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: gamePk(created.id) } } }));
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

  const events: Record<Measured, unknown> = {
    // The bare stack's own mutation (infra/floor): every function is compared with it.
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
  const ok = (name: Measured, r: any) =>
    name === 'stream' ? r?.batchItemFailures?.length === 0 : name === 'timer' ? r?.changed === false : (r?.statusCode === 200 || (name === 'rest' && r?.statusCode === 201)) && !String(r?.body ?? '').includes('"errors"');
  return { events, ok, wsEndpoint, close: () => new Promise<void>((r) => management.close(() => r())) };
}
