/**
 * Set up before every test file. Files share a worker and its loaded modules (`isolate: false` in
 * vitest.config.ts: each file importing the server anew cost more than most files' tests), so what
 * one file sets in process.env must end with that file.
 */
import { afterAll } from 'vitest';
import { descendantsCpuMs } from './descendants-cpu.js';
// The handler tests' settings (quiet Powertools, local credentials), once per worker, before any file reads them.
import '../handlers/env.js';

const before = { ...process.env };
// The worker's CPU for this file (import, hooks, tests; not its child processes'), for `npm run
// test:slowest`: on a shared machine wall time says more about the neighbours than about the file.
const cpu = process.cpuUsage();
// And its child processes' (the browser tests' Chromium, which serves every file of the worker).
const childCpu = descendantsCpuMs();
afterAll(({}, file) => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
  const used = process.cpuUsage(cpu);
  (file.meta as { cpuMs?: number }).cpuMs = Math.round((used.user + used.system) / 1000);
  const children = descendantsCpuMs();
  if (children !== undefined && childCpu !== undefined) (file.meta as { childCpuMs?: number }).childCpuMs = children - childCpu;
});
