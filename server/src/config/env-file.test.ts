import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './env.js';
import { envExampleOf, loadEnvFile } from './env-file.js';

const root = new URL('../../../', import.meta.url);

describe('.env and .env.example', () => {
  it('.env.example is what the schema and docs/configuration.md make now (npm run env:example)', async () => {
    const committed = await readFile(new URL('.env.example', root), 'utf8');
    expect(committed).toBe(envExampleOf(root));
    for (const name of Object.keys(envSchema.shape)) expect(committed).toContain(`\n# ${name}=`);
    expect(committed).toContain('\n# PORT=3000\n');
    expect(committed).toContain('\n# DATABASE_URL=\n');
  });

  it('a .env fills what the environment leaves unset; the environment wins', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portico-env-'));
    const file = path.join(dir, '.env');
    await writeFile(file, 'PORTICO_TEST_FROM_FILE=file\nPORTICO_TEST_BOTH=file\nPORTICO_TEST_EMPTY=file\n');
    process.env.PORTICO_TEST_BOTH = 'environment';
    // Set but empty counts as unset (loadConfig reads it so): the file fills it.
    process.env.PORTICO_TEST_EMPTY = '';
    try {
      expect(loadEnvFile(path.join(dir, 'missing.env'))).toBe(false);
      expect(loadEnvFile(file)).toBe(true);
      expect(process.env.PORTICO_TEST_FROM_FILE).toBe('file');
      expect(process.env.PORTICO_TEST_BOTH).toBe('environment');
      expect(process.env.PORTICO_TEST_EMPTY).toBe('file');
    } finally {
      delete process.env.PORTICO_TEST_EMPTY;
      delete process.env.PORTICO_TEST_FROM_FILE;
      delete process.env.PORTICO_TEST_BOTH;
    }
  });
});
