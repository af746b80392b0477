import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMessageKey } from './i18n/index.js';

// Schemas name message keys as their error texts (server/src/lib/errors.ts sends them as they
// are, and answers invalid_input for anything that is not a key): each must be in the catalogues.
const dir = path.dirname(fileURLToPath(import.meta.url));
const KEY_IN_SCHEMA =
  /(?:message:|error:|\.(?:min|max|regex|refine|length|email|url|superRefine)\([^,()]*(?:\([^()]*\))?[^,()]*,)\s*'([a-z][a-z0-9_]+)'/g;

describe('schema message keys', () => {
  const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it('are keys of both catalogues', () => {
    const unknown: string[] = [];
    let seen = 0;
    for (const file of sources) {
      for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(KEY_IN_SCHEMA)) {
        seen++;
        const key = m[1] as string;
        if (!isMessageKey(key)) unknown.push(`${file}: ${key}`);
      }
    }
    expect(seen).toBeGreaterThan(30);
    expect(unknown).toEqual([]);
  });
});
