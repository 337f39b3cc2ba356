/**
 * `npm run verify -- FILE | --game ID [--url URL]`: checks a finished game's public record
 * (a file, or fetched from a server's Query.gameRecord). Exit 0 and "verified", 1 naming the
 * first version that differs, 2 when the record could not be read.
 */
import { readFile } from 'node:fs/promises';
import { verifyRecord } from '../verify.js';
import { parseCli } from './args.js';

const USAGE = `usage: npm run verify -- FILE | --game ID [--url http://127.0.0.1:3000]

Checks a finished game's public record: the seed against its published hash, every command
decided again by the engine, the result, the header (players, entropy, deal seed).
  FILE        a record saved from Query.gameRecord
  --game ID   fetch the record from a running server's Query.gameRecord
  --url URL   that server (default http://127.0.0.1:3000)
Exit 0: verified; 1: NOT verified (the first version that differs, and why); 2: unreadable.`;

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

async function main(): Promise<number> {
  const { values, positionals } = parseCli(USAGE, { options: { game: { type: 'string' }, url: { type: 'string', default: 'http://127.0.0.1:3000' } }, allowPositionals: true });
  if ((values.game === undefined) === (positionals.length !== 1)) {
    console.error(USAGE);
    return 2;
  }
  let record: unknown;
  try {
    record = values.game !== undefined ? await fetchRecord(values.url!, values.game) : JSON.parse(await readFile(positionals[0]!, 'utf8'));
  } catch (e) {
    console.error(`cannot read the record: ${(e as Error).message}`);
    return 2;
  }
  const verdict = verifyRecord(record);
  const { id, type } = record as { id?: string; type?: string };
  if (verdict.ok) {
    console.log(`verified: game ${id} (${type}), ${verdict.versions} versions replayed`);
    return 0;
  }
  console.error(`NOT verified: game ${id} (${type}) differs at version ${verdict.version}: ${verdict.reason}`);
  return 1;
}

process.exitCode = await main();
