import { defineConfig } from 'vitest/config';

// Browser journeys through the real server. Files run one after another: each starts its
// own server and Chromium, and the machines have two cores.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
