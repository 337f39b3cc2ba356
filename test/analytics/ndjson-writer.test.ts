/**
 * A stopped run is resumed from its checkpoint's byte counts (services/analytics/ndjson.ts,
 * `NdjsonWriter`): a count past what the file holds was once read as NUL bytes in games.ndjson
 * (truncating a file up to a larger size pads it with zeros). Two ways there, each refused now:
 * a write that took fewer bytes than asked and was counted whole, and a file shorter than its count.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { NdjsonWriter } from '../../services/analytics/ndjson.js';
import { bundled } from '../kit/server-bundle.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-ndjson-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the NDJSON writer never counts bytes the file does not hold', () => {
  it('a short write (here a 2 KiB file size limit) fails the flush instead of being counted whole', async () => {
    const file = join(dir, 'limited.ndjson');
    const writer = new URL('../../services/analytics/ndjson.ts', import.meta.url).pathname;
    // Node ignores SIGXFSZ, so past the limit a write is short, and the next one fails with EFBIG.
    const script = `
      import { NdjsonWriter } from ${JSON.stringify(writer)};
      const w = await NdjsonWriter.open(${JSON.stringify(file)});
      await w.writeText('x'.repeat(2999) + '\\n');
      try { await w.flush(); console.log('flushed ' + w.bytes); } catch (e) { console.log('refused ' + e.code); }
    `;
    // The writer bundled with the script and what it imports (esbuild), run by a bare node: through tsx's loader the child cost ~1 s more CPU.
    const child = join(dir, 'limited.mjs');
    await build({ stdin: { contents: script, loader: 'ts', resolveDir: dir }, bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: child, logLevel: 'error' });
    const out = execFileSync('bash', ['-c', 'ulimit -f 2 && exec "$0" "$1"', process.execPath, child], { encoding: 'utf8' });
    expect(out.trim()).toBe('refused EFBIG');
    expect(readFileSync(file).length).toBe(2048);
  });

  it('a file shorter than its checkpoint is refused, not padded with NUL bytes', async () => {
    const file = join(dir, 'cut.ndjson');
    writeFileSync(file, '{"a":1}\n');
    await expect(NdjsonWriter.open(file, 16)).rejects.toThrow(/holds 8 bytes where its checkpoint counted 16/);
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n');
    const w = await NdjsonWriter.open(file, 8);
    await w.writeText('{"b":2}\n');
    await w.close();
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
  });
});

describe('a run whose writes fail', () => {
  it('ends with the cause, its threads ended, instead of waiting forever for an acknowledgement', async () => {
    const out = join(dir, 'limited-run');
    const cli = await bundled('simulate'); // npm run simulate, bundled once per worker (test/kit/server-bundle.ts)
    // 64 KiB of file size: the first batches fit, a later one is cut short. Before, the run rejected, but
    // each thread stayed blocked waiting for the acknowledgement of its last batch, and the process never exited.
    const args = [cli, '--game', 'scout', '--seats', '4', '--games', '20000', '--workers', '2', '--seed', 'limited', '--bots', 'random', '--out', out];
    let failure = '';
    try {
      execFileSync('bash', ['-c', 'ulimit -f 64 && exec "$@"', 'bash', process.execPath, ...args], { encoding: 'utf8', stdio: 'pipe', timeout: 150_000 });
    } catch (e) {
      const err = e as { signal?: string; stderr?: string };
      failure = err.signal ? `killed by ${err.signal}` : (err.stderr ?? '');
    }
    expect(failure).toMatch(/EFBIG/);
  }, 180_000);
});
