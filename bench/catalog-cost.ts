/**
 * What the allowed-but-expensive catalog query costs: 30 aliases of
 * `gameTypes { id options { schema } catalog moves }` against a real server on loopback,
 * its answer's bytes and time (median of a few), or the refusal it gets. `npx tsx bench/catalog-cost.ts`
 */
import { createLocalParlor } from '../services/local.js';
import { ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';

export const catalogBomb = (aliases: number) => `{ ${Array.from({ length: aliases }, (_, i) => `a${i}: gameTypes { id options { schema } catalog moves }`).join(' ')} }`;

export async function catalogCost(url: string, aliases = 30, runs = 5): Promise<{ status: number; bytes: number; ms: number; code?: string }> {
  const times: number[] = [];
  let last = { status: 0, bytes: 0, code: undefined as string | undefined };
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: catalogBomb(aliases) }) });
    const text = await res.text();
    times.push(performance.now() - t);
    last = { status: res.status, bytes: Buffer.byteLength(text), code: JSON.parse(text).errors?.[0]?.extensions?.code };
  }
  times.sort((a, b) => a - b);
  return { ...last, ms: Math.round(times[Math.floor(runs / 2)]! * 10) / 10 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dynamo = await startEmbeddedDynamo();
  const client = localClient(dynamo.endpoint);
  await ensureTable(client, 'parlor');
  const parlor = await createLocalParlor({ client, tableName: 'parlor', limits: { perClientPerMinute: 1e6 } });
  const url = await parlor.app.listen({ port: 0, host: '127.0.0.1' });
  for (const aliases of [1, 5, 30]) console.log(`catalog query × ${aliases} aliases:`, await catalogCost(url, aliases));
  await parlor.app.close();
  client.destroy();
  await dynamo.close();
}
