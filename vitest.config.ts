import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Forks, not threads: each file's process.env and the native modules (dynalite's LevelDB, DuckDB)
    // stay in their own process.
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine, which left
    // a core idle (the files are mostly CPU-bound). Two workers cost 3% more CPU (each imports the
    // server once) and ran 12 api and play files in 0.71x the time, both runs at the same moment
    // (README, Tests). More cores keep vitest's default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files share their worker's modules: importing the server (fastify, mercurius, the AWS SDK, every
    // game) took about 2 s of CPU per file, more than most files' tests. Each file still starts its own
    // servers and tables; test/kit/file-env.ts ends what a file sets in process.env with the file, and
    // the browser tests share the worker's Chromium (test/web/browser.ts).
    isolate: false,
    setupFiles: ['test/kit/file-env.ts'],
  },
});
