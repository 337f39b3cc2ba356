/**
 * Two servers started at the same instant on one DATA_DIR: exactly one serves, the other exits 3
 * with the clear "in use" message, never an uncaught "Database is closed" (issue 26, finding 11).
 * The folder is locked for the server's whole life, not checked and then opened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUse, ensureTable, localClient, startEmbeddedDynamo } from '../../services/store/index.js';
import { bundledServer, freePort, spawnServer } from '../kit/child-server.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Starts two servers on one new folder at once; the outcome of each: 'serving', or its exit code and what it printed. */
async function race(): Promise<{ code: number | 'serving'; stderr: string }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-race-'));
  dirs.push(dir);
  const [command, ...ports] = await Promise.all([bundledServer(), freePort(), freePort()]);
  const children = ports.map((port) => spawnServer(dir, port, {}, 'pipe', command));
  const outcomes = await Promise.all(
    children.map(
      (child) =>
        new Promise<{ code: number | 'serving'; stderr: string }>((resolve) => {
          let stdout = '';
          let stderr = '';
          child.stderr!.on('data', (d) => (stderr += d));
          child.stdout!.on('data', (d) => (stdout += d) && stdout.includes('Parlor is serving') && resolve({ code: 'serving', stderr }));
          child.once('exit', (code) => resolve({ code: code ?? -1, stderr }));
        }),
    ),
  );
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  return outcomes;
}

describe('two servers on one data folder', () => {
  it('one serves, the other exits 3 with the in-use message (two npm starts at once)', async () => {
    for (let i = 0; i < 2; i++) {
      const outcomes = await race();
      expect(outcomes.map((o) => o.code).sort()).toEqual([3, 'serving']);
      const refused = outcomes.find((o) => o.code === 3)!;
      expect(refused.stderr).toContain('is in use by another Parlor server');
      expect(refused.stderr).not.toContain('Database is closed');
    }
  }, 120_000);

  it('one embedded DynamoDB gets the folder, the other DataDirInUse, whatever the few milliseconds between them', async () => {
    // The window the old check left (check, close, open later) lay a few ms after the first start.
    for (let gap = 0; gap < 30; gap++) {
      const dir = mkdtempSync(join(tmpdir(), 'parlor-race-'));
      dirs.push(dir);
      const starts = [0, gap].map(async (wait) => {
        await new Promise((resolve) => setTimeout(resolve, wait));
        const dynamo = await startEmbeddedDynamo({ path: dir });
        const client = localClient(dynamo.endpoint);
        await ensureTable(client, 'parlor');
        client.destroy();
        return dynamo;
      });
      const settled = await Promise.allSettled(starts);
      for (const s of settled) if (s.status === 'fulfilled') await s.value.close();
      expect(settled.map((s) => (s.status === 'fulfilled' ? 'serving' : (s.reason as Error).name)).sort(), `${gap} ms apart`).toEqual([DataDirInUse.name, 'serving'].sort());
    }
  });
});
