/**
 * `npx tsx bench/play-by-turn.ts`: the closing figures of play-by-turn, on one machine
 * (embedded DynamoDB, the real local timers and dispatcher), in about half a minute:
 *   1. timer lateness: when 100 deadlines' TimedOut commits were written, after their deadlines (p50 / p99);
 *   2. the webhook retry schedule observed against a receiver that always fails (the default backoff ÷ 100);
 *   3. the inbox read cost: DynamoDB calls per page of me.games.
 * Not a test: it asserts nothing and prints figures.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalParlor } from '../services/local.js';
import { DEFAULT_BACKOFF } from '../services/notifications/dispatcher.js';
import { DynamoEventStore, ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { summary } from './stats.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'parlor');
const SCALE = 100;
const parlor = await createLocalParlor({ client, tableName: 'parlor', signingSecret: 'bench', limits: { createsPerMinute: 1e6, perClientPerMinute: 1e6, perTokenPerMinute: 1e6, requestsInFlightPerClient: 1e6, requestsInFlight: 1e6, joinsPerMinute: 1e6 }, webhooks: { backoff: DEFAULT_BACKOFF.slice(0, 4).map((ms) => ms / SCALE), maxFailures: 5, pollMs: 10, privateAddresses: true } });
const { service, play, app } = parlor;
const store = new DynamoEventStore({ client, tableName: 'parlor' });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const gql = async (query: string, variables: object, token?: string) =>
  (await (await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query, variables }) })).json()) as any;

// 1. Timer lateness: 50 two-seat SCOUT games, both seats to move first (hand orientation), every seat idle.
const PER_MOVE = 12_000; // longer than setting the games up takes, so timers fire on a quiet server
const ids: string[] = [];
for (let i = 0; i < 50; i++) {
  const g = await service.create({ game: 'scout', seats: 2, settings: { timeControl: { perMoveMs: PER_MOVE }, autoAdvance: false } });
  await service.join(g.id, 'a');
  await service.join(g.id, 'b');
  ids.push(g.id);
}
// Every deadline that timed out, until there are 100 (each game's next turn gets a new deadline too).
const timedOut = async () =>
  (await Promise.all(ids.map((id) => store.history(id))))
    .flat()
    .flatMap((c) => (c.events as { type: string; deadline?: string }[]).filter((e) => e.type === 'TimedOut').map((e) => ({ deadline: Date.parse(e.deadline!), late: Date.parse(c.at) - Date.parse(e.deadline!) })))
    .sort((a, b) => a.deadline - b.deadline)
    .map((t) => t.late);
let lateness: number[] = [];
for (let i = 0; i < 80 && (lateness = await timedOut()).length < 100; i++) await new Promise((r) => setTimeout(r, 500));
await play.settle();
lateness = (await timedOut()).slice(0, 100);
play.timers.stop(); // the games would go on timing out: quiet for the next figures
const late = summary(lateness);
console.log(`1. Timer lateness (TimedOut commit written − deadline), ${late.n} deadlines: p50 ${late.p50} ms, p99 ${late.p99} ms, max ${Math.max(...lateness)} ms`);

// 2. Webhook retries against a receiver that always answers 503.
const attempts: { at: number; id: string }[] = [];
const receiver = createServer((req, res) => {
  attempts.push({ at: Date.now(), id: String(req.headers['webhook-id']) });
  req.resume().on('end', () => res.writeHead(503).end());
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const ann = (await gql('mutation { registerPlayer(name: "Ann") { token } }', {})).data.registerPlayer.token;
const bob = (await gql('mutation { registerPlayer(name: "Bob") { token } }', {})).data.registerPlayer.token;
await gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/` }, ann);
const game = (await gql('mutation { createGame(input: { game: "scout", seats: 2 }) { game { id } } }', {}, ann)).data.createGame.game.id;
for (const token of [ann, bob]) await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "p") { seat } }', { id: game }, token);
const expected = DEFAULT_BACKOFF.slice(0, 4).map((ms) => ms / SCALE);
await new Promise((r) => setTimeout(r, expected.reduce((a, b) => a + b, 0) + 2000));
const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i]!.at);
const health = (await gql('query { me { webhooks { failures disabled lastError } } }', {}, ann)).data.me.webhooks[0];
console.log(`2. Webhook retries (default backoff ÷ ${SCALE}: ${expected.join(', ')} ms; disabled after 5 failures):`);
console.log(`   ${attempts.length} attempts, delivery ids ${new Set(attempts.map((a) => a.id)).size === 1 ? 'all the same' : 'DIFFERENT'}; gaps ${gaps.join(', ')} ms; hook then ${JSON.stringify(health)}`);

// 3. Inbox read cost: one player in 60 games, read 20 per page.
const cy = (await gql('mutation { registerPlayer(name: "Cy") { token } }', {})).data.registerPlayer.token;
for (let i = 0; i < 60; i++) {
  const id = (await gql('mutation { createGame(input: { game: "scout", seats: 2 }) { game { id } } }', {}, cy)).data.createGame.game.id;
  await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Cy") { seat } }', { id }, cy);
}
// Background work (timers, the outbox poller) stops so only the reads are counted.
await play.settle();
play.stop();
const calls: string[] = [];
client.middlewareStack.add((next, context) => async (args) => (calls.push(String(context.commandName)), next(args)), { step: 'initialize', name: 'count' });
const perPage = async (fields: string) => {
  const counts: string[] = [];
  let after: string | null = null;
  do {
    calls.length = 0;
    const r: any = await gql(`query($a: String) { me { games(first: 20, after: $a) { edges { node { ${fields} } } pageInfo { hasNextPage endCursor } } } }`, { a: after }, cy);
    const page = r.data.me.games;
    counts.push(`${page.edges.length} games: ${calls.length} calls (${[...new Set(calls)].map((c) => `${calls.filter((x) => x === c).length} ${c.replace('Command', '')}`).join(', ')})`);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return counts;
};
console.log('3. Inbox read cost, me.games(first: 20) per page:');
console.log(`   node { gameId seat awaitingMyMove deadline }: ${(await perPage('gameId seat awaitingMyMove deadline')).join(' | ')}`);
console.log(`   … plus game { version } (each game read, cached in-process): ${(await perPage('gameId game { version }')).join(' | ')}`);

await app.close();
receiver.close();
client.destroy();
await dynamo.close();
