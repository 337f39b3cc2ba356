/**
 * The Python package's own tests (python/tests, unittest from the standard library), run by
 * `npm test` so they cannot be forgotten: they start the environment server as a researcher's
 * Python would. CI installs Debian's python3 when the machine has none (.ci/run).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { bundled } from '../kit/server-bundle.js';

it('the Python package keeps the laws (python3 -m unittest)', async () => {
  // The environment server it starts is services/env/server.ts bundled once per worker (test/kit/server-bundle.ts), not through tsx.
  const env = { ...process.env, PARLOR_ENV_SCRIPT: await bundled('env') };
  const run = spawnSync('python3', ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'], { cwd: resolve('python'), encoding: 'utf8', timeout: 240_000, env });
  if (run.error) throw run.error;
  expect(run.stderr).toMatch(/\nOK/);
  expect(run.status, run.stderr).toBe(0);
}, 270_000);
