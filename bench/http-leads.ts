/**
 * Where submitMove's time over a minimal mercurius server goes (issue 26 §2's leads), measured
 * side by side in one run (not part of `npm run bench`; `npx tsx bench/http-leads.ts`, MOVES=1500):
 * moves alternate between Parlor's app, the same app without its app-wide hooks (security
 * headers, rate limits, in-flight count, response-size check, request log), and GraphQL alone
 * on a bare Fastify; after each move the minimal mercurius server (bench/mercurius-floor.ts)
 * writes a copy of its commit. All on one service and one store; p50s as multiples of the minimal
 * server's. The SDK's own share of each call: bench/sdk-calls.ts.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { fastRng } from '../services/engine/core/index.js';
import { createLocalParlor } from '../services/local.js';
import { graphqlPlugin } from '../services/api/graphql/plugin.js';
import { resolveLimits } from '../services/api/limits/settings.js';
import { commitSk, ensureTable, gamePk, KEY, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { keepAlivePost, MOVE, OPEN_LIMITS, randomMove, seatedGame } from './http.js';
import { mercuriusFloor } from './mercurius-floor.js';
import { summary } from './stats.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const moves = Number(process.env.MOVES ?? 1500);

const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'bench');
const { app, service, play } = await createLocalParlor({ client, tableName: 'bench', limits: OPEN_LIMITS, soleWriter: true });
/** GraphQL as the app registers it, on a Fastify with none of the app's hooks. */
const bare = async () => {
  const f: FastifyInstance = Fastify();
  await f.register(graphqlPlugin, { service, play, limits: resolveLimits(OPEN_LIMITS), subscriptions: false });
  return f;
};
const graphqlOnly = await bare();
const floor = await mercuriusFloor(client, 'bench');
const posts = {
  parlor: keepAlivePost(await app.listen({ port: 0, host: '127.0.0.1' })),
  graphqlOnly: keepAlivePost(await graphqlOnly.listen({ port: 0, host: '127.0.0.1' })),
  minimal: keepAlivePost(floor.url),
};
const t = { parlor: [] as number[], graphqlOnly: [] as number[], minimal: [] as number[] };
const doc = DynamoDBDocumentClient.from(client);
const call = async (via: keyof typeof posts, query: string, variables: object, token?: string) => {
  const t0 = performance.now();
  const body = JSON.parse(await posts[via].post('/graphql', JSON.stringify({ query, variables }), token));
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return { data: body.data, ms: performance.now() - t0 };
};
const gql = async (query: string, variables: object, token?: string) => (await call('parlor', query, variables, token)).data;

const rng = fastRng(42);
const order = ['parlor', 'graphqlOnly'] as const;
for (let n = 0; n < moves; ) {
  const { id, tokens } = await seatedGame(gql, 'scout', 4);
  for (let next; n < moves && (next = await randomMove(gql, id, tokens, rng)); n++) {
    const { move, token } = next;
    const via = order[n % order.length]!;
    const moved = await call(via, MOVE, { id, move }, token);
    t[via].push(moved.ms);
    const { Item } = await doc.send(new GetCommand({ TableName: 'bench', Key: { [KEY.partition]: gamePk(id), [KEY.sort]: commitSk(moved.data.submitMove.game.version) } }));
    floor.write({ ...Item, [KEY.partition]: `MINIMAL#${n}` });
    t.minimal.push((await call('minimal', MOVE, { id, move })).ms);
  }
}
const base = summary(t.minimal);
for (const [name, samples] of Object.entries(t)) {
  const s = summary(samples);
  console.log(`${name.padEnd(12)} n ${String(s.n).padStart(5)}  p50 ${s.p50.toFixed(3)} ms ${(s.p50 / base.p50).toFixed(2)}×   p99 ${s.p99.toFixed(3)} ms ${(s.p99 / base.p99).toFixed(2)}×`);
}
for (const p of Object.values(posts)) p.close();
await graphqlOnly.close();
await floor.close();
await app.close();
client.destroy();
await dynamo.close();
