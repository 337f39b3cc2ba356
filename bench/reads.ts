/**
 * What a read costs as a game grows: loading a game of ~10 events vs ~1,000 events with the
 * service's cache off (a cold Lambda, another instance), so the store's snapshots are what keeps
 * a read O(1).
 */
import { embeddedService, playThroughService } from './service.js';
import { summary } from './stats.js';

export async function benchReads(loads = 60) {
  const env = await embeddedService();
  const short = await playThroughService(env, 'silver', 4, 1, (events) => events >= 10);
  const long = await playThroughService(env, 'silver', 4, 2, (events) => events >= 1_000, { rounds: 8 });
  const cold = env.sibling({ cachedGames: 0 });
  const time = async (id: string) => {
    const samples: number[] = [];
    for (let i = 0; i < loads; i++) {
      const t0 = performance.now();
      await cold.load(id);
      samples.push(performance.now() - t0);
    }
    return summary(samples);
  };
  await time(short.id); // warm up the client and the JIT
  const result = { short: { events: short.events, ...(await time(short.id)) }, long: { events: long.events, ...(await time(long.id)) } };
  await env.close();
  return result;
}
