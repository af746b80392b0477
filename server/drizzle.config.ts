import { defineConfig } from 'drizzle-kit';

// `npm run -w server db:generate` writes a new SQL migration from schema changes; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
