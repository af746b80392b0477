import { defineConfig } from 'vitest/config';

// `npm run test:unit`: unit and API tests of every workspace. e2e has its own config.
export default defineConfig({
  test: {
    projects: ['contracts', 'server', 'web'],
  },
});
