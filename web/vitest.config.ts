import { defineConfig } from 'vitest/config';
import { messagesPlugin } from './vite.messages';

// No React plugin needed here: JSX is compiled by Vite's built-in transform (tsconfig: react-jsx).
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [messagesPlugin()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Page tests render the whole app and walk a flow; on a loaded 2-core machine one can pass 5 s.
    testTimeout: 20_000,
  },
});
