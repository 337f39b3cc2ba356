/**
 * `npx tsx bench/accounts.ts`: what accounts cost a request, on one machine (embedded DynamoDB):
 *   1. verifying a player token (Players.credential) with its device read, and a token from before
 *      devices (its legacy device read: services/players/devices.ts), p50 / p99 over 300 calls each;
 *   2. DynamoDB calls per verified request, counted at the client.
 * Not a test: it asserts nothing and prints figures.
 */
import { createLocalParlor } from '../services/local.js';
import { PlayerTokens } from '../services/players/tokens.js';
import { ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { summary } from './stats.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'parlor');
const { play, app } = await createLocalParlor({ client, tableName: 'parlor', signingSecret: 'bench' });
let calls = 0;
client.middlewareStack.add((next) => (args) => (calls++, next(args)), { step: 'initialize', name: 'countCalls' });

const { player, token } = await play.players.register('Ann');
const legacy = await new PlayerTokens({ secret: 'bench' }).sign({ player: player.id, name: 'Ann' });
const time = async (bearer: string) => {
  const ms: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    await play.players.credential(bearer);
    ms.push(performance.now() - t0);
  }
  return summary(ms);
};
await time(token); // warm up
const before = calls;
const withDevice = await time(token);
const perRequest = (calls - before) / 300;
const withoutDevice = await time(legacy);
const fmt = (s: { p50: number; p99: number }) => `p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms`;
console.log(`token with its device read: ${fmt(withDevice)}; DynamoDB calls per request: ${perRequest}`);
console.log(`token from before devices (its legacy device read): ${fmt(withoutDevice)}`);
await app.close();
client.destroy();
await dynamo.close();
