/**
 * `npm run verify -- FILE|DIR|GLOB … | --game ID … [--url URL]`: checks finished games' public
 * records (files, every *.json of a folder, or fetched from a server's Query.gameRecord), many in
 * one call. Exit 0 when every one is verified, 1 when any is NOT (naming the first version that
 * differs), else 2 when any could not be read.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCli } from './args.js';

const USAGE = `usage: npm run verify -- FILE|DIR|GLOB … | --game ID … [--url http://127.0.0.1:3000]

Checks finished games' public records: the seed against its published hash, every command
decided again by the engine, the result, the header (players, entropy, deal seed).
  FILE        a record saved from Query.gameRecord; a DIR stands for its *.json files, a quoted
              GLOB (*, ?, […], **) for the files it matches; as many as wanted
  --game ID   fetch the record from a running server's Query.gameRecord (repeatable)
  --url URL   that server (default http://127.0.0.1:3000)
One line per record, then a count when there are several.
Exit 0: all verified; 1: some NOT verified (the first version that differs, and why); 2: none NOT verified but some unreadable.`;

/** The most records one call checks (each is read whole into memory, one at a time). */
const MAX_RECORDS = 1_000_000;

async function fetchRecord(url: string, id: string): Promise<unknown> {
  const res = await fetch(`${url.replace(/\/+$/, '').replace(/\/graphql$/, '')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query ($id: ID!) { gameRecord(id: $id) }', variables: { id } }),
  });
  const body = (await res.json()) as { data?: { gameRecord?: unknown }; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => `${e.extensions?.code ?? 'ERROR'}: ${e.message}`).join('; '));
  return body.data?.gameRecord;
}

/** The record files the arguments name, in order, each once. */
async function recordFiles(args: readonly string[]): Promise<string[]> {
  const { expandGlob, isGlob } = await import('../datasets.js');
  const files = new Set<string>();
  for (const arg of args) {
    const paths = isGlob(arg) ? await expandGlob(arg) : [arg];
    if (paths.length === 0) throw new Error(`${arg}: matches nothing`);
    for (const path of paths) {
      const s = await stat(path).catch(() => null);
      if (s?.isDirectory()) for (const name of (await readdir(path)).filter((n) => n.endsWith('.json')).sort()) files.add(join(path, name));
      else files.add(path); // a missing file is reported as unreadable, with the others checked
      if (files.size > MAX_RECORDS) throw new Error(`over ${MAX_RECORDS} records in one call`);
    }
  }
  return [...files];
}

async function main(): Promise<number> {
  const { values, positionals } = parseCli(USAGE, { options: { game: { type: 'string', multiple: true }, url: { type: 'string', default: 'http://127.0.0.1:3000' } }, allowPositionals: true });
  // Imported after the arguments are read: --help and a wrong flag answer without loading the engine.
  const { verifyRecord } = await import('../verify.js');
  const ids = values.game ?? [];
  if ((ids.length === 0) === (positionals.length === 0)) {
    console.error(USAGE);
    return 2;
  }
  let sources: { name: string; load: () => Promise<unknown> }[];
  try {
    sources = ids.length
      ? ids.map((id) => ({ name: `--game ${id}`, load: () => fetchRecord(values.url!, id) }))
      : (await recordFiles(positionals)).map((file) => ({ name: file, load: async () => JSON.parse(await readFile(file, 'utf8')) }));
  } catch (e) {
    console.error(`cannot read the records: ${(e as Error).message}`);
    return 2;
  }
  if (sources.length === 0) {
    console.error('no record to verify (a folder holds no *.json file)');
    return 2;
  }
  const count = { verified: 0, failed: 0, unreadable: 0 };
  const where = (name: string) => (sources.length > 1 ? ` [${name}]` : '');
  for (const source of sources) {
    let record: unknown;
    try {
      record = await source.load();
    } catch (e) {
      count.unreadable++;
      console.error(`cannot read the record${where(source.name)}: ${(e as Error).message}`);
      continue;
    }
    const verdict = verifyRecord(record);
    const { id, type } = (record ?? {}) as { id?: string; type?: string };
    if (verdict.ok) {
      count.verified++;
      console.log(`verified: game ${id} (${type}), ${verdict.versions} versions replayed${where(source.name)}`);
    } else {
      count.failed++;
      console.error(`NOT verified: game ${id} (${type}) differs at version ${verdict.version}: ${verdict.reason}${where(source.name)}`);
    }
  }
  if (sources.length > 1) console.log(`${count.verified} of ${sources.length} verified, ${count.failed} NOT verified, ${count.unreadable} unreadable`);
  return count.failed ? 1 : count.unreadable ? 2 : 0;
}

process.exitCode = await main();
