/**
 * `npx tsx bench/replay.ts`: what reading a finished game at one version costs (Game.at, through
 * the app, embedded DynamoDB): p50 / p99 over 50 reads at the first, middle and last version of a
 * 4-seat SCOUT game played with random moves, with the DynamoDB calls per read.
 * Not a test: it asserts nothing and prints figures.
 */
import { gameAt, historyAt, sightOf, viewAt } from '../services/app/game-at.js';
import { embeddedService, playThroughService } from './service.js';
import { summary } from './stats.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const bench = await embeddedService();
const { service, client } = bench;
let calls = 0;
client.middlewareStack.add((next) => (args) => (calls++, next(args)), { step: 'initialize', name: 'countCalls' });
const played = await playThroughService(bench, 'scout', 4, 3);
const agg = await service.load(played.id);

const read = async (version: number) => {
  const at = await gameAt(service, await service.load(agg.id), undefined, version);
  const sight = sightOf(at, 0);
  return [viewAt(at, sight), historyAt(at, sight)];
};
for (const [what, version] of [['first', 1], ['middle', Math.floor(agg.version / 2)], ['last', agg.version]] as const) {
  for (let i = 0; i < 5; i++) await read(version); // warm up
  const ms: number[] = [];
  const before = calls;
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await read(version);
    ms.push(performance.now() - t0);
  }
  const s = summary(ms);
  console.log(`at(${version}) of ${agg.version} (${what}), seat 0's view and history: p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms; DynamoDB calls per read: ${(calls - before) / 50}`);
}
await bench.close();
