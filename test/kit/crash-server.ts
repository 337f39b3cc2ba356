/**
 * The kill -9 tests' shared set-up: the real `npm start` as a child process on a fresh DATA_DIR,
 * with the PARLOR_CRASH_AFTER_APPEND fault wired to a file in it. Arming the fault makes the next
 * append the last thing the process does (it kills itself, kill -9, right after the append is
 * stored); the test then starts it again on the same data. The child is killed and the folder
 * removed after the file's tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { startChildServer, type ChildServer } from './child-server.js';
import type { TestServer } from './server.js';

export interface CrashServer {
  readonly dataDir: string;
  /** The server of the latest start. */
  readonly current: ChildServer;
  /** GraphQL against the latest start. */
  gql: ChildServer['gql'];
  /** The latest start as the kit's helpers (players.ts) take a server. */
  kit(): TestServer;
  /** Starts `npm start` on the data folder (again, after a kill) and waits until it serves. */
  start(): Promise<ChildServer>;
  /** The next append is the last this process makes. */
  arm(): void;
  /**
   * Arms the fault, fires `burst` (its answers may die with the server: failures are ignored),
   * waits for the process to be killed (an exit without a code), and starts it again.
   */
  crashDuring(burst?: () => Promise<unknown> | Promise<unknown>[]): Promise<void>;
}

/** One crash server per test file: `prefix` names its temporary folder, `env` is added to the server's. */
export function useCrashServer(prefix: string, env: Record<string, string> = {}): CrashServer {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const armFile = join(dataDir, 'crash-armed');
  let server: ChildServer | undefined;
  afterAll(async () => {
    await server?.kill9();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const current = () => {
    if (!server) throw new Error('the crash server is not started');
    return server;
  };
  const crash: CrashServer = {
    dataDir,
    get current() {
      return current();
    },
    gql: (query, variables, token) => current().gql(query, variables, token),
    kit: () => current() as unknown as TestServer,
    start: async () => (server = await startChildServer(dataDir, { PARLOR_CRASH_AFTER_APPEND: armFile, ...env })),
    arm: () => writeFileSync(armFile, ''),
    crashDuring: async (burst) => {
      crash.arm();
      await Promise.allSettled([burst?.() ?? []].flat());
      expect(await current().exited, 'the server killed itself after an append').toBe(null);
      await crash.start();
    },
  };
  return crash;
}
