import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/check-boundaries.mjs (run by `npm run lint`), on fixture checkouts and on this one.
// The fixture paths are built from S and E2E so that server/src/testing/citations.test.ts does
// not take them for citations of files in this repository.
const S = 'server/src';
const E2E = 'e2e';
const W = 'web/src';
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const script = path.join(repo, 'scripts/check-boundaries.mjs');

const run = (root: string) => {
  const out = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: out.status, lines: out.stdout.trim().split('\n').filter(Boolean), stderr: out.stderr };
};

let roots: string[] = [];
afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});

/** A checkout holding only the given files (path -> text). */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portico-boundaries-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

// What is allowed: a feature using its own files, modules' faces, lib and the test helpers; a
// module using its own files and another module's face; a module's test using its inner files.
const CLEAN = {
  [`${S}/features/a/routes.ts`]: [
    "import { x } from './service.js';",
    "import { User } from '../../modules/users/index.js';",
    "import { escapeHtml } from '../../lib/html.js';",
  ].join('\n'),
  [`${S}/features/a/a.test.ts`]: "import { createTestApp } from '../../testing/app.js';\n",
  [`${S}/modules/users/index.ts`]: "export { findUser } from './queries.js';\n",
  [`${S}/modules/users/queries.ts`]: "import { insertActivity } from '../activity/index.js';\n",
  [`${S}/modules/users/queries.test.ts`]: "import { findUser } from './queries.js';\n",
  [`${S}/app.ts`]:
    "import { aRoutes } from './features/a/routes.js';\nimport { seed } from './modules/users/index.js';\n",
  // The web: a feature using shared layers and another feature's face; the root composing features.
  [`${W}/features/a/APage.tsx`]: [
    "import { Card } from '../../components/Card';",
    "import { useSession } from '../../session/session';",
    "import { BForm } from '../b';",
    "import { CForm } from '../c/index';",
  ].join('\n'),
  [`${W}/features/b/index.ts`]: "export { BForm } from './BForm';\n",
  [`${W}/routes.tsx`]: "import { APage } from './features/a/APage';\n",
  // Examples in comments and strings are not imports.
  [`${S}/features/b/notes.ts`]: [
    "// an example: import { x } from '../a/service.js';",
    'export const example = "import { x } from \'../a/service.js\';";',
  ].join('\n'),
};

/** The script over the clean checkout with these files added or replaced. */
const runWith = (files: Record<string, string>) => run(fixture({ ...CLEAN, ...files }));

describe('import boundaries (scripts/check-boundaries.mjs)', () => {
  it('passes a checkout that keeps them', () => {
    const out = runWith({});
    expect(out.lines).toEqual(['import boundaries: ok']);
    expect(out.status).toBe(0);
  });

  it('fails a feature importing another feature, naming file, line and rule', () => {
    const out = runWith({
      [`${S}/features/b/service.ts`]: "import { y } from './queries.js';\nimport { x } from '../a/service.js';\n",
    });
    expect(out.status).toBe(1);
    expect(out.lines).toEqual([`${S}/features/b/service.ts:2 imports '../a/service.js' (feature-to-feature)`]);
    expect(out.stderr).toMatch(/1 import-boundary violation/);
  });

  it('fails a test file too, and multi-line, type-only, re-export and dynamic imports', () => {
    const out = runWith({
      [`${S}/features/b/b.test.ts`]: "import {\n  x,\n  y,\n} from '../a/routes.js';\n",
      [`${S}/features/c/routes.ts`]: [
        "import type { T } from '../a/types.js';",
        "export { z } from '../a/z.js';",
        "const m = await import('../a/lazy.js');",
      ].join('\n'),
    });
    expect(out.status).toBe(1);
    expect(out.lines).toEqual([
      `${S}/features/b/b.test.ts:4 imports '../a/routes.js' (feature-to-feature)`,
      `${S}/features/c/routes.ts:1 imports '../a/types.js' (feature-to-feature)`,
      `${S}/features/c/routes.ts:2 imports '../a/z.js' (feature-to-feature)`,
      `${S}/features/c/routes.ts:3 imports '../a/lazy.js' (feature-to-feature)`,
    ]);
  });

  it("fails an import of a module's inner file from anywhere outside that module", () => {
    const out = runWith({
      [`${S}/features/b/service.ts`]: "import { findUser } from '../../modules/users/queries.js';\n",
      [`${S}/modules/claims/queries.ts`]: "import type { User } from '../users/queries.js';\n",
      [`${S}/oidc/provider.ts`]: "import { findUser } from '../modules/users/queries.js';\n",
      [`${E2E}/journey.test.ts`]: "import { seed } from '../server/src/modules/users/seed.js';\n",
    });
    expect(out.status).toBe(1);
    expect(out.lines.sort()).toEqual(
      [
        `${E2E}/journey.test.ts:1 imports '../server/src/modules/users/seed.js' (module-inner)`,
        `${S}/features/b/service.ts:1 imports '../../modules/users/queries.js' (module-inner)`,
        `${S}/modules/claims/queries.ts:1 imports '../users/queries.js' (module-inner)`,
        `${S}/oidc/provider.ts:1 imports '../modules/users/queries.js' (module-inner)`,
      ].sort(),
    );
  });

  it('fails a module importing a feature', () => {
    const out = runWith({
      [`${S}/modules/users/seed.ts`]: "import { aRoutes } from '../../features/a/routes.js';\n",
    });
    expect(out.status).toBe(1);
    expect(out.lines).toEqual([
      `${S}/modules/users/seed.ts:1 imports '../../features/a/routes.js' (module-to-feature)`,
    ]);
  });

  it("fails a web feature reaching into another's files, and a shared layer importing a feature", () => {
    const out = runWith({
      [`${W}/features/b/BPage.tsx`]: "import { APage } from '../a/APage';\n",
      [`${W}/components/Card.tsx`]: "import { BForm } from '../features/b';\n",
    });
    expect(out.status).toBe(1);
    expect(out.lines).toEqual([
      `${W}/components/Card.tsx:1 imports '../features/b' (web-shared-to-feature)`,
      `${W}/features/b/BPage.tsx:1 imports '../a/APage' (web-feature-to-feature)`,
    ]);
  });

  it('fails files that import each other round in a circle, type-only imports included; a lazy import() is no circle', () => {
    const out = runWith({
      [`${S}/deps.ts`]: "import { preflight } from './config/preflight.js';\n",
      [`${S}/config/preflight.ts`]: "import { createProvider } from '../oidc/provider.js';\n",
      [`${S}/oidc/provider.ts`]: "import type { AppDeps } from '../deps.js';\n",
      [`${W}/features/a/ALazy.tsx`]: "const B = lazy(() => import('./AUser'));\n",
      [`${W}/features/a/AUser.tsx`]: "import { x } from './ALazy';\n",
    });
    expect(out.status).toBe(1);
    expect(out.lines).toEqual([
      `${S}/config/preflight.ts, ${S}/deps.ts, ${S}/oidc/provider.ts import each other in a circle (no-circle)`,
    ]);
  });

  it('passes this checkout', () => {
    const out = run(repo);
    expect(out.lines).toEqual(['import boundaries: ok']);
    expect(out.status).toBe(0);
  });
});
