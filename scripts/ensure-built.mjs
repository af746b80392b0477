// Builds the web app when web/dist is missing or older than its sources, so `npm start`
// and the e2e tests always serve the current UI without a separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web/dist/index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(path.join(root, 'web')), newest(path.join(root, 'contracts/src')));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('building the web app (web/dist) ...');
  execSync('npm run -w web build', { cwd: root, stdio: 'inherit' });
}
