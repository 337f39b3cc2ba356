/**
 * What a read costs as a game grows: loading a game of ~10 events vs ~1,000 events with the
 * service's cache off (a cold Lambda, another instance), so the store's snapshots are what keeps
 * a read O(1).
 */
import { embeddedService, playThroughService } from './service.js';
import { summary } from './stats.js';

export async function benchReads(loads = 200) {
  const env = await embeddedService();
  const short = await playThroughService(env, 'silver', 4, 1, (events) => events >= 10);
  const long = await playThroughService(env, 'silver', 4, 2, (events) => events >= 1_000, { rounds: 8 });
  const cold = env.sibling({ cachedGames: 0 });
  const time = async (id: string) => {
    const t0 = performance.now();
    await cold.load(id);
    return performance.now() - t0;
  };
  for (let i = 0; i < 20; i++) await time(short.id); // warm up the client and the JIT
  // Interleaved, short then long: a busy moment of a shared machine falls on both alike.
  const samples = { short: [] as number[], long: [] as number[] };
  for (let i = 0; i < loads; i++) {
    samples.short.push(await time(short.id));
    samples.long.push(await time(long.id));
  }
  const result = { short: { events: short.events, ...summary(samples.short) }, long: { events: long.events, ...summary(samples.long) } };
  await env.close();
  return result;
}
