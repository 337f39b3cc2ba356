/**
 * A worker's bundle folder does not pile up in /tmp: a process killed before its exit handler ran
 * leaves its folder, and the next process to make one removes it (services/app/worker-boot.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FOLDER_PREFIX, removeLeftFolders } from '../../services/app/worker-boot.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-worker-boot-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs a process that makes a worker's bundle with TMPDIR = `dir`, then waits: to be killed (`hang`),
 * or for its stdin to close, when it exits normally (`release()`). It must not exit on its own: its
 * folder goes at its exit, and a check made after 'made' would race it.
 */
function bundling(hang: boolean) {
  const entry = join(dir, 'tiny-worker.ts');
  writeFileSync(entry, 'export const answer: number = 42;\n');
  const script = `import { workerBoot } from ${JSON.stringify(new URL('../../services/app/worker-boot.ts', import.meta.url).href)};
    workerBoot(new URL(${JSON.stringify(new URL(`file://${entry}`).href)}));
    console.log('made');
    ${hang ? 'setInterval(() => {}, 1000);' : "process.stdin.resume(); process.stdin.on('end', () => process.exit(0));"}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, TMPDIR: dir }, stdio: ['pipe', 'pipe', 'inherit'] });
  const made = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('made') && resolve());
    child.once('exit', (code) => reject(new Error(`the bundling process exited (${code}) before making its bundle`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, made, exited, release: () => child.stdin!.end() };
}

const folders = () => readdirSync(dir).filter((n) => n.startsWith(FOLDER_PREFIX));

describe('worker bundles in the temporary folder', () => {
  it('a killed process leaves its folder, and the next process to bundle removes it; its own goes at its exit', async () => {
    const killed = bundling(true);
    await killed.made;
    expect(folders()).toEqual([expect.stringMatching(new RegExp(`^${FOLDER_PREFIX}${killed.child.pid}-`))]);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(folders(), 'kill -9 leaves the folder').toHaveLength(1);

    const next = bundling(false);
    await next.made;
    expect(folders(), 'while it runs, only its own folder').toEqual([expect.stringMatching(new RegExp(`^${FOLDER_PREFIX}${next.child.pid}-`))]);
    next.release();
    await next.exited;
    expect(folders(), 'and none once it has exited').toEqual([]);
  });

  it("removes only this host's folders of processes that are gone", () => {
    const gone = 2 ** 22 + 1; // above Linux's pid_max: no process has it
    const names = [`${FOLDER_PREFIX}${gone}-aaaaaa`, `${FOLDER_PREFIX}${process.pid}-bbbbbb`, `parlor-workers-another-host-${gone}-cccccc`, `${FOLDER_PREFIX}x-dddddd`];
    for (const name of names) mkdirSync(join(dir, name));
    removeLeftFolders(dir);
    for (const name of names) expect(existsSync(join(dir, name)), name).toBe(name !== names[0]);
  });
});
