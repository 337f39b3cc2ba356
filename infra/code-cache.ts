/**
 * The V8 code cache shipped beside a classic-script bundle (infra/bundle.ts, CODE_CACHED): built
 * by running the bundle once, in a fresh `node` process, through its function's first event
 * (infra/bundle-events.ts, against an embedded DynamoDB), then asking V8 for the script's cache
 * (`vm.Script#createCachedData()`). Its own module, imported by infra/bundle.ts only when it builds a
 * cache: it wires the service (bundle-events), which the CDK app, importing bundle.ts, does not need. Taken after that answer, it holds the bytecode of every
 * function the cold start and the first answer compiled, so a cold start that gets it compiles
 * almost nothing.
 *
 * V8 takes a cache only from the same V8 version and the same V8 flags (`v8.cachedDataVersionTag()`),
 * and a cache made by another Node patch release can even be accepted and crash (nodejs/node#62781):
 * the bundle's entry hands it to V8 only when the Node version, the architecture and the tag it was
 * built with (CACHE_META, beside it) are this process's, and compiles without it otherwise, logging
 * one line. So the cache is built with the Node binary and V8 flags the function runs with
 * (`nodeArgs`: on Lambda, the runtime's bootstrap passes --expose-gc and heap sizes).
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { bundleEvents, type Measured } from './bundle-events.js';
import { LOCAL_ENV } from './run-bundle.js';

// In the child: the entry's compile runs without a cache (none is there yet); answer the event, then save.
const CHILD = `
import { writeFileSync } from 'node:fs';
import { cachedDataVersionTag } from 'node:v8';
const entry = await import(process.env.BUNDLE);
const answer = await entry.handler(JSON.parse(process.env.EVENT), { functionName: 'bundle', awsRequestId: 'code-cache', getRemainingTimeInMillis: () => 900000 });
const cache = entry.codeCache();
writeFileSync(process.env.CACHE, cache);
writeFileSync(process.env.META, JSON.stringify({ node: process.version, arch: process.arch, tag: cachedDataVersionTag(), execArgv: process.execArgv.slice(0, process.execArgv.indexOf('--input-type=module')) }) + '\\n');
process.stdout.write(JSON.stringify(answer) + '\\n', () => process.exit(0));
`;

/** Builds `dir`'s cache from its function's first event (`event`: graphql, floor) into the files `to` names (infra/bundle.ts CACHE_FILE, CACHE_META); returns the cache's bytes. */
export async function buildCodeCache(dir: string, event: Measured, to: { cache: string; meta: string }, nodeArgs: readonly string[] = []): Promise<number> {
  const table = 'parlor-code-cache';
  const dynamo = await startEmbeddedDynamo();
  const client = localClient(dynamo.endpoint);
  try {
    await ensureTable(client, table);
    const { events, ok, wsEndpoint, close } = await bundleEvents(client, table);
    try {
      // Asynchronous: the embedded DynamoDB answering the child runs in this process.
      const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs, '--input-type=module', '-e', CHILD], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 120_000,
        maxBuffer: 64 * 1024 * 1024,
        env: {
          PATH: process.env.PATH,
          ...LOCAL_ENV,
          TABLE_NAME: table,
          DYNAMODB_ENDPOINT: dynamo.endpoint,
          WS_ENDPOINT: wsEndpoint,
          NODE_ENV: 'production',
          BUNDLE: pathToFileURL(join(dir, 'index.mjs')).href,
          EVENT: JSON.stringify(events[event]),
          CACHE: join(dir, to.cache),
          META: join(dir, to.meta),
        },
      });
      const answer = JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');
      if (!ok(event, answer)) throw new Error(`${dir}: the ${event} bundle answered its first event ${JSON.stringify(answer)} while its code cache was built`);
    } finally {
      await close();
    }
  } finally {
    client.destroy();
    await dynamo.close();
  }
  return statSync(join(dir, to.cache)).size;
}
