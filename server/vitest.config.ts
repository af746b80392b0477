import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // argon2 hashing and fresh databases make some tests slower than vitest's 5 s default.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
