/**
 * Where submitMove's time over the PutItem floor goes, measured side by side in one run (not
 * part of `npm run bench`; run `npx tsx bench/http-decompose.ts`, MOVES=2000 by default):
 *   put          the bench's floor: a conditional PutItem of a copy of the move's commit item
 *   putInRoute   that PutItem timed inside a Fastify route (the HTTP context does not slow it)
 *   httpPut      the PutItem behind a plain Fastify route: HTTP, Fastify and every app-wide hook
 *   appendInRoute the store's append of the same commit inside a route: building the item
 *   serviceMove  service.move behind a plain route: decide, fold, append, commit listeners
 *   submitMove   the real thing, through GraphQL
 * Moves alternate between serviceMove and submitMove; each p50 is shown as a multiple of put's.
 */
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FastifyRequest } from 'fastify';
import { fastRng } from '../services/engine/core/index.js';
import { createLocalParlor } from '../services/local.js';
import { commitSk, DynamoEventStore, ensureTable, gamePk, KEY, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { keepAlivePost, MOVE, OPEN_LIMITS, randomMove, seatedGame } from './http.js';
import { summary } from './stats.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const moves = Number(process.env.MOVES ?? 2000);

const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'bench');
const { app, service } = await createLocalParlor({ client, tableName: 'bench', limits: OPEN_LIMITS });
const doc = DynamoDBDocumentClient.from(client);
const store = new DynamoEventStore({ client, tableName: 'bench' });
const t = { submitMove: [] as number[], serviceMove: [] as number[], put: [] as number[], putInRoute: [] as number[], httpPut: [] as number[], appendInRoute: [] as number[] };
const putItem = (Item: Record<string, unknown>) =>
  doc.send(new PutCommand({ TableName: 'bench', Item, ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': KEY.partition } }));
const timed = async <T>(into: number[], work: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  const result = await work();
  into.push(performance.now() - t0);
  return result;
};
type Body = { item: Record<string, any> } & { variables: { id: string; move: unknown } };
app.post('/decompose/put', async (req: FastifyRequest) => (await timed(t.putInRoute, () => putItem((req.body as Body).item)), { data: { ok: true } }));
app.post('/decompose/append', async (req: FastifyRequest) => {
  const it = (req.body as Body).item;
  const commit = { events: JSON.parse(it.events), seat: it.seat, command: it.command && JSON.parse(it.command), snapshot: it.snapshot && JSON.parse(it.snapshot) };
  await timed(t.appendInRoute, () => store.append(it.pk, 0, commit));
  return { data: { ok: true } };
});
app.post('/decompose/move', async (req: FastifyRequest) => {
  const { id, move } = (req.body as Body).variables;
  const agg = await service.move({ gameId: id, token: req.headers.authorization!.slice('Bearer '.length), move });
  return { data: { submitMove: { game: { version: agg.version } } } };
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const { post, close } = keepAlivePost(url);
const call = async (path: string, query: string, variables: object, token?: string) => {
  const body = JSON.parse(await post(path, JSON.stringify({ query, variables }), token));
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
};
const gql = (query: string, variables: object, token?: string) => call('/graphql', query, variables, token);

const rng = fastRng(42);
for (let n = 0; n < moves; ) {
  const { id, tokens } = await seatedGame(gql, 'scout', 4);
  for (let next; n < moves && (next = await randomMove(gql, id, tokens, rng)); n++) {
    const { move, token } = next;
    const [path, into] = n % 2 === 0 ? ['/graphql', t.submitMove] : ['/decompose/move', t.serviceMove];
    const moved = await timed(into, () => call(path, MOVE, { id, move }, token));
    const { Item } = await doc.send(new GetCommand({ TableName: 'bench', Key: { [KEY.partition]: gamePk(id), [KEY.sort]: commitSk(moved.submitMove.game.version) } }));
    await timed(t.put, () => putItem({ ...Item, [KEY.partition]: `BENCH#${n}` }));
    await timed(t.httpPut, () => post('/decompose/put', JSON.stringify({ item: { ...Item, [KEY.partition]: `HTTP#${n}` } }), token));
    await post('/decompose/append', JSON.stringify({ item: { ...Item, [KEY.partition]: `APPEND#${n}` } }), token);
  }
}
const floor = summary(t.put);
for (const [name, samples] of Object.entries(t)) {
  const s = summary(samples);
  console.log(`${name.padEnd(14)} p50 ${s.p50.toFixed(3)} ms ${(s.p50 / floor.p50).toFixed(2)}×   p99 ${s.p99.toFixed(3)} ms ${(s.p99 / floor.p99).toFixed(2)}×`);
}
close();
await app.close();
client.destroy();
await dynamo.close();
