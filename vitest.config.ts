import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: forks keep the long random playthroughs from starving each other.
    pool: 'forks',
  },
});
