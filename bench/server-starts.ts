/**
 * `npx tsx bench/server-starts.ts [root ...]`: the CPU of a warmed server start (createLocalParlor,
 * listen, a first idle second, close), as the tests pay it ~100 times a suite and a Lambda at each
 * cold start; and the DynamoDB calls each start makes. With several roots (checkouts of the
 * repository) it alternates them, each in a child process of its own, rounds times: compare
 * within one run only (docs/architecture.md; the machine's speed swings). Prints one JSON line a root.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const STARTS = Number(process.env.STARTS ?? 12);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** How long each server stays up idle after its start (ms): its first outbox sweep and matchmaking beat land in it. */
const IDLE_MS = Number(process.env.IDLE_MS ?? 300);

if (process.env.STARTS_CHILD) {
  const root = process.env.STARTS_CHILD;
  const { createLocalParlor } = (await import(pathToFileURL(`${root}/services/local.ts`).href)) as typeof import('../services/local.js');
  const store = (await import(pathToFileURL(`${root}/services/store/index.ts`).href)) as typeof import('../services/store/index.js');
  const { loopbackClient } = (await import(pathToFileURL(`${root}/test/kit/loopback-client.ts`).href)) as typeof import('../test/kit/loopback-client.js');
  const dynamo = await store.startEmbeddedDynamo();
  const client = loopbackClient(dynamo.endpoint);
  let calls = 0;
  client.middlewareStack.add((next) => async (args) => (calls++, next(args)), { step: 'initialize', name: 'countCalls' });
  const limits = { devTools: false };
  const one = async (table: string) => {
    const parlor = await createLocalParlor({ client, tableName: table, limits, bots: { workers: 0 } });
    await parlor.app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise((r) => setTimeout(r, IDLE_MS));
    await parlor.app.close();
  };
  for (let i = 0; i < 3; i++) {
    await store.ensureTable(client, `warm${i}`);
    await one(`warm${i}`);
  }
  let cpu = 0;
  let made = 0;
  for (let i = 0; i < STARTS; i++) {
    const table = `start${i}`;
    await store.ensureTable(client, table);
    const before = process.cpuUsage();
    const c0 = calls;
    await one(table);
    const used = process.cpuUsage(before);
    cpu += used.user + used.system;
    made += calls - c0;
  }
  console.log(JSON.stringify({ cpuMsPerStart: Math.round(cpu / STARTS / 100) / 10, dynamoCallsPerStart: Math.round((made / STARTS) * 10) / 10 }));
  client.destroy();
  await dynamo.close();
  process.exit(0);
}

const roots = (process.argv.slice(2).length ? process.argv.slice(2) : ['.']).map((r) => resolve(r));
const results = new Map<string, number[]>(roots.map((r) => [r, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const root of round % 2 ? [...roots].reverse() : roots) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], { cwd: root, env: { ...process.env, STARTS_CHILD: root }, encoding: 'utf8' });
    const line = JSON.parse(out.trim().split('\n').pop()!) as { cpuMsPerStart: number; dynamoCallsPerStart: number };
    results.get(root)!.push(line.cpuMsPerStart);
    console.error(`${root}: ${JSON.stringify(line)}`);
  }
}
for (const [root, ms] of results) console.log(JSON.stringify({ root, cpuMsPerStart: ms, median: [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] }));
