import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Comments and docs cite files in this repository, and those files exist (issue 8, point 17).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED = ['server/src', 'web/src', 'contracts/src', 'e2e', 'scripts', 'bench', 'docs', 'README.md'];
const CITATION = /\b(?:server|web|contracts|e2e|bench|docs|scripts)\/[A-Za-z0-9_.\-/]+\.(?:ts|tsx|mjs|md|json|sql)\b/g;

function files(p: string): string[] {
  const full = path.join(root, p);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [p];
  return (readdirSync(full, { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx|mjs|md)$/.test(f) && !/(^|\/)(node_modules|dist|results)\//.test(f))
    .map((f) => path.join(p, f));
}

describe('citations', () => {
  const all = SCANNED.flatMap(files);

  it('scans the sources', () => {
    expect(all.length).toBeGreaterThan(200);
  });

  it('name only files that exist', () => {
    const missing: string[] = [];
    for (const file of all) {
      for (const cited of readFileSync(path.join(root, file), 'utf8').match(CITATION) ?? []) {
        if (!existsSync(path.join(root, cited))) missing.push(`${file}: ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('never point outside the repository', () => {
    const outside = all.filter((file) =>
      /\.\.\/shared\/|\bDESIGN\.md\b|\bEXAMPLES\.md\b/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(outside).toEqual([]);
  });
});
