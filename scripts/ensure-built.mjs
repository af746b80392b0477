// Builds what `npm start` runs when it is missing or older than its sources: the web app
// (web/dist, by Vite) and the server (server/dist/main.js, one ES module bundled by esbuild with
// the contracts inside and every npm package left external, and the embedded database's thread,
// server/dist/pglite-worker.js), so production runs plain JavaScript.
import { execSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const stale = (output, ...sources) =>
  !existsSync(at(output)) || statSync(at(output)).mtimeMs < Math.max(...sources.map((s) => newest(at(s))));

export function ensureWebBuilt() {
  // web/dist for browsers, web/dist-ssr for the login page's first paint (server/src/web/first-paint.ts).
  if (!stale('web/dist/index.html', 'web', 'contracts/src') && !stale('web/dist-ssr/render.js', 'web', 'contracts/src'))
    return;
  console.log('building the web app (web/dist, web/dist-ssr) ...');
  execSync('npm run -w web build', { cwd: root, stdio: 'inherit' });
}

export async function ensureServerBuilt() {
  if (!stale('server/dist/main.js', 'server/src', 'contracts/src')) return;
  console.log('building the server (server/dist) ...');
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(at('server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => name !== '@portico/contracts');
  rmSync(at('server/dist'), { recursive: true, force: true });
  await build({
    // The embedded database's thread is an entry of its own (server/src/db/pglite-thread.ts); the
    // command line (server/src/cli/main.ts) sits beside main.js, where the migrations are found.
    entryPoints: {
      main: at('server/src/main.ts'),
      cli: at('server/src/cli/main.ts'),
      'pglite-worker': at('server/src/db/pglite-worker.ts'),
    },
    outdir: at('server/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  // server/src/db/client.ts finds its migrations beside the running module.
  cpSync(at('server/src/db/migrations'), at('server/dist/migrations'), { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureWebBuilt();
  await ensureServerBuilt();
}
