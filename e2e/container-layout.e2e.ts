import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntilReady } from '../server/src/testing/ready.js';
import { freePort } from './harness.js';

// The container image's runtime stage (Dockerfile, issue 31 point 2) without a container engine:
// the files its COPY lines take from the build stage, laid out as in the image, start the server
// with its CMD, and it serves the health check, the login page and the app's assets.
const root = path.resolve(import.meta.dirname, '..');

/** The runtime stage's COPY --from=build lines: source under /app, destination under /app. */
function runtimeCopies(): { from: string; to: string }[] {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM /m);
  const runtime = stages.at(-1) ?? '';
  return [...runtime.matchAll(/^COPY --from=build (\S+) (\S+)$/gm)].map((m) => ({
    from: (m[1] as string).replace(/^\/app\//, ''),
    to: (m[2] as string).replace(/^\.\//, ''),
  }));
}

const cmdOf = (): string[] => {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const cmd = [...text.matchAll(/^CMD (\[.*\])$/gm)].at(-1)?.[1];
  return JSON.parse(cmd ?? '[]') as string[];
};

describe('the container image, laid out', () => {
  let child: ChildProcess | undefined;
  let dir = '';
  afterAll(async () => {
    child?.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('starts from the files the runtime stage copies, with its CMD, and serves the app', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portico-image-'));
    const app = path.join(dir, 'app');
    for (const { from, to } of runtimeCopies()) {
      const target = path.join(app, to);
      mkdirSync(path.dirname(target), { recursive: true });
      // The installed packages and the contracts are large or linked: the same files, linked.
      if (from.endsWith('node_modules') || from === 'contracts') symlinkSync(path.join(root, from), target);
      else cpSync(path.join(root, from), target, { recursive: true });
    }
    const [command, ...args] = cmdOf();
    expect(command).toBe('node');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
    child = spawn(process.execPath, args, {
      cwd: app,
      env: {
        ...env,
        // The image's production mode wants given secrets; the layout is what is checked here.
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: path.join(dir, 'data'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let exited = false;
    child.once('exit', () => (exited = true));
    await waitUntilReady(url, { exited: () => exited, name: 'server from the image layout' });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const page = await fetch(`${url}/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('portico-settings');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    expect((await fetch(`${url}${asset}`)).status).toBe(200);
    const done = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await done).toBe(0);
  });
});
