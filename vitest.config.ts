import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: forks keep the long random playthroughs from starving each other.
    pool: 'forks',
    // Files share their worker's modules: importing the server (fastify, mercurius, the AWS SDK, every
    // game) took about 2 s of CPU per file, more than most files' tests. Each file still starts its own
    // servers and tables; test/kit/file-env.ts ends what a file sets in process.env with the file, and
    // the browser tests share the worker's Chromium (test/web/browser.ts).
    isolate: false,
    setupFiles: ['test/kit/file-env.ts'],
  },
});
