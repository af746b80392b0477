#!/usr/bin/env node
// The import-boundary rule of docs/architecture.md (Layers), run by `npm run lint`:
//   feature-to-feature  server/src/features/X/** never imports server/src/features/Y/** (Y ≠ X);
//   module-inner        nothing outside server/src/modules/M imports a file of M other than its
//                       index.ts (the module's public face; M's own files and tests may);
//   module-to-feature   server/src/modules/** never imports server/src/features/**.
// and on the web side:
//   web-feature-to-feature  web/src/features/X/** imports web/src/features/Y (Y ≠ X) only through
//                           its face (index.ts): what Y offers other features
//                           (the login page finishing a token login, showing the missing-details form);
//   web-shared-to-feature   nothing in web/src but the composition roots (web/src/App.tsx,
//                           web/src/routes.tsx, web/src/main.tsx, the server's entry
//                           web/src/firstPaint.tsx, and their tests) imports a
//                           feature: the shared layers (components, lib, session, settings,
//                           queries, api, hooks, i18n, layouts…) serve the features, never the reverse.
// and for every scanned tree:
//   no-circle               no files import each other round in a circle (static imports, type-only
//                           ones included; a dynamic import() is a lazy load and does not count):
//                           the files of each circle are printed once, sorted.
// Test files count like any other file. Prints each violation as `file:line imports 'x' (rule)`
// and exits 1 when there is one. `node scripts/check-boundaries.mjs [root]` (root: the checkout;
// server/src/testing/check-boundaries.test.ts runs it on fixtures).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
// Everything that could reach into server/src: the server itself, the e2e journeys, the benchmarks.
const SCANNED = ['server/src', 'web/src', 'e2e', 'bench'];
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'results']);

function sourceFiles(dir) {
  const full = path.join(root, dir);
  let entries;
  try {
    if (!statSync(full).isDirectory()) return [];
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : sourceFiles(rel);
    return SOURCE.test(e.name) ? [rel] : [];
  });
}

// TypeScript's own pre-processor finds the specifiers: static imports and re-exports (type-only
// and multi-line too), bare and dynamic imports; never text inside strings or comments.
function importsOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => ({
    specifier: f.fileName,
    line: text.slice(0, f.pos).split('\n').length,
    dynamic: /import\s*\(\s*['"`]?$/.test(text.slice(Math.max(0, f.pos - 20), f.pos)),
  }));
}

/** The file an import of `target` (a path without or with a .js-style extension) reads, if scanned. */
function resolved(target, files) {
  const bare = target.replace(/\.[cm]?jsx?$/, '');
  for (const candidate of [target, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`])
    if (files.has(candidate)) return candidate;
  return undefined;
}

/** The circles of a graph (Tarjan's strongly connected components of more than one file), each from its first file. */
function circles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

const featureOf = (p) => /^server\/src\/features\/([^/]+)\//.exec(p)?.[1];
const webFeatureOf = (p) => /^web\/src\/features\/([^/]+)\//.exec(p)?.[1];
const isWebFeatureFace = (p) => /^web\/src\/features\/[^/]+(?:\/index(?:\.tsx?)?)?$/.test(p);
const isWebRoot = (p) => /^web\/src\/(?:App|routes|main|firstPaint)(?:\.test)?\.tsx?$/.test(p);
const moduleOf = (p) => /^server\/src\/modules\/([^/]+)\//.exec(p)?.[1];
const isModuleFace = (p) => /^server\/src\/modules\/[^/]+(?:\/index(?:\.[cm]?[jt]sx?)?)?$/.test(p);

/** The rule a file breaks by importing `target` (both relative to the root), or undefined. */
function brokenRule(file, target) {
  const toWebFeature = webFeatureOf(`${target}/`);
  if (toWebFeature && file.startsWith('web/src/')) {
    const fromWebFeature = webFeatureOf(file);
    if (fromWebFeature && fromWebFeature !== toWebFeature && !isWebFeatureFace(target)) return 'web-feature-to-feature';
    if (!fromWebFeature && !isWebRoot(file)) return 'web-shared-to-feature';
  }
  const fromFeature = featureOf(file);
  const toFeature = featureOf(`${target}/`);
  if (fromFeature && toFeature && fromFeature !== toFeature) return 'feature-to-feature';
  if (moduleOf(file) && toFeature) return 'module-to-feature';
  const toModule = moduleOf(`${target}/`);
  if (toModule && !isModuleFace(target) && moduleOf(file) !== toModule) return 'module-inner';
  return undefined;
}

function check() {
  const violations = [];
  const all = SCANNED.flatMap(sourceFiles);
  const files = new Set(all);
  const edges = new Map();
  for (const file of all) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const { specifier, line, dynamic } of importsOf(text)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const rule = brokenRule(file, target);
      if (rule) violations.push(`${file}:${line} imports '${specifier}' (${rule})`);
      const to = dynamic ? undefined : resolved(target, files);
      if (to && to !== file) edges.set(file, [...(edges.get(file) ?? []), to]);
    }
  }
  for (const circle of circles(edges))
    violations.push(`${circle.join(', ')} import each other in a circle (no-circle)`);
  return violations;
}

const violations = check();
for (const v of violations) console.log(v);
if (violations.length) {
  console.error(
    `${violations.length} import-boundary violation(s): features import modules through server/src/modules/<m>/index.ts, never another feature; modules never import features; a web feature imports only the shared layers of web/src, which import no feature; no files import each other in a circle (docs/architecture.md, Layers).`,
  );
  process.exit(1);
}
console.log('import boundaries: ok');
