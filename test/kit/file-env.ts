/**
 * Set up before every test file. Files share a worker and its loaded modules (`isolate: false` in
 * vitest.config.ts: each file importing the server anew cost more than most files' tests), so what
 * one file sets in process.env must end with that file.
 */
import { afterAll } from 'vitest';
// The handler tests' settings (quiet Powertools, local credentials), once per worker, before any file reads them.
import '../handlers/env.js';

const before = { ...process.env };
afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});
