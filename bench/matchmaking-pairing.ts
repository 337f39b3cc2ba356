/** Pairing's CPU cost by pool size (docs/matchmaking.md): npx tsx bench/matchmaking-pairing.ts */
import { pair } from '../services/matchmaking/pairing.js';
import { MATCH_SETTINGS } from '../services/matchmaking/settings.js';
for (const n of [100, 1000, 3000]) {
  const pool = Array.from({ length: n }, (_, i) => ({ player: `p${i}`, rating: ((i * 7919) % 400) / 10, enqueuedAt: (i * 37) % 60_000, bots: i % 2 }));
  const t0 = process.cpuUsage();
  const tables = pair(pool, 2, 60_000, MATCH_SETTINGS);
  const u = process.cpuUsage(t0);
  console.log(`pool ${n}: ${tables.length} tables, ${((u.user + u.system) / 1000).toFixed(1)} ms CPU`);
}
