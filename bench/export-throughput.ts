/**
 * Export throughput: fills an embedded DynamoDB (in memory) with bot-played games through the
 * event store port, then times `exportGames` over it (scan page by page, NDJSON, Parquet).
 *
 *   npx tsx bench/export-throughput.ts [games=300] [game=scout] [seats=3]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { botGame } from '../services/analytics/bot-game.js';
import { exportGames } from '../services/analytics/export.js';
import { findGame } from '../services/engine/registry.js';
import { DynamoEventStore, ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const [count = '300', type = 'scout', seats = '3'] = process.argv.slice(2);
const game = findGame(type)!;
const db = await startEmbeddedDynamo();
const client = localClient(db.endpoint);
await ensureTable(client, 'parlor');
const store = new DynamoEventStore({ client, tableName: 'parlor' });

let filled = 0;
const fillStarted = performance.now();
const fill = async (from: number) => {
  for (let i = from; i < Number(count); i += 8) {
    const id = randomUUID();
    for (const c of botGame(game, { seats: Number(seats), seed: `bench-${i}`, botSeed: i + 1 })) {
      await store.append(id, c.version - 1, { events: c.events, seat: c.seat, command: c.command });
    }
    filled++;
  }
};
await Promise.all([...Array(8).keys()].map(fill));
console.log(`filled ${filled} ${type} games (${seats} seats) in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);

const out = await mkdtemp(join(tmpdir(), 'parlor-export-bench-'));
const summary = await exportGames(store, { out });
const ndjsonOnly = await exportGames(store, { out: `${out}-ndjson`, parquet: false });
console.log(`export: ${summary.games} games, ${summary.events} events, ${summary.scanned} items in ${summary.seconds.toFixed(2)} s = ${Math.round(summary.events / summary.seconds)} events/s (with Parquet)`);
console.log(`export: ${Math.round(ndjsonOnly.events / ndjsonOnly.seconds)} events/s (NDJSON only, ${ndjsonOnly.seconds.toFixed(2)} s)`);
await rm(out, { recursive: true, force: true });
await rm(`${out}-ndjson`, { recursive: true, force: true });
client.destroy();
await db.close();
