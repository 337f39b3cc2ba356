/**
 * The analytics commands as a user runs them: `--help` prints the usage and exits 0, an unknown
 * flag prints it and exits 2 (never a stack trace), and `npm run export` works with no AWS
 * settings at all — also while `npm start` holds the data folder, through the endpoint it recorded.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENDPOINT_FILE } from '../../services/store/index.js';
import { bundled, type EntryName } from '../kit/server-bundle.js';

/** The environment without any AWS setting. */
const noAws = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AWS_')));

/** `npm run <cli>`: the command bundled once per worker (test/kit/server-bundle.ts), the same sources as under tsx. */
async function run(cli: EntryName, args: string[], env: NodeJS.ProcessEnv = noAws()): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const file = await bundled(cli);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const CLIS = ['export', 'stats', 'simulate', 'verify', 'lab'] as const;

describe('--help on every analytics command', () => {
  it.each(CLIS)('npm run %s -- --help prints its usage and exits 0; an unknown flag prints it and exits 2', async (cli) => {
    const help = await run(cli, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^usage: npm run ${cli} -- `));
    const wrong = await run(cli, ['--no-such-flag']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`usage: npm run ${cli} -- `);
    expect(wrong.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('npm run export with no AWS settings', () => {
  const dirs: string[] = [];
  const temp = async () => {
    const d = await mkdtemp(join(tmpdir(), 'parlor-cli-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('reads the embedded store of DATA_DIR', async () => {
    const data = await temp();
    const r = await run('export', ['--out', join(data, 'out')], { ...noAws(), DATA_DIR: data });
    expect(r.stderr).not.toMatch(/Region is missing|Could not load credentials|failed/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote 0 games/);
  });

  it('while npm start runs on the same DATA_DIR, reads through the endpoint the server recorded there', async () => {
    const data = await temp();
    const server = spawn(process.execPath, [await bundled('main')], { env: { ...noAws(), DATA_DIR: data, PORT: '0', LOG_LEVEL: 'warn', DEV_TOOLS: 'off' } });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (d) => String(d).includes('Parlor is serving') && resolve());
        server.on('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
      });
      expect(existsSync(join(data, ENDPOINT_FILE))).toBe(true);
      const r = await run('export', ['--out', join(data, 'out')], { ...noAws(), DATA_DIR: data });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('in use by a running server: reading through its DynamoDB at http://127.0.0.1:');
      expect(r.stdout).toMatch(/^wrote 0 games/);
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    expect(existsSync(join(data, ENDPOINT_FILE)), 'a stopped server leaves no endpoint behind').toBe(false);
  });
});
