import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './harness.js';

// `npm start` as a service manager or a container runs it: SIGTERM to the process it started (npm)
// reaches the server, requests in flight finish, and everything exits 0 (issue 8, point 3).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Started = { child: ChildProcess; port: number; exit: Promise<number | null>; dataDir: string };
const started: Started[] = [];

async function npmStart(env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-lifecycle-'));
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const s = { child, port, exit, dataDir };
  started.push(s);
  for (const deadline = Date.now() + 90_000; ; ) {
    if (child.exitCode !== null) throw new Error('npm start exited during start');
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return s;
    if (Date.now() > deadline) throw new Error('not ready within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A request whose body is still arriving: headers sent, the rest of the body held back. */
function slowRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  const head = `POST /api/account/login-check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.write(head + body.slice(0, 5));
  return { finish: () => socket.write(body.slice(5)), closed };
}

const serverGone = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });

afterEach(async () => {
  for (const s of started.splice(0)) {
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await rm(s.dataDir, { recursive: true, force: true });
  }
});

describe('npm start and signals', () => {
  it('SIGTERM to npm lets a request in flight finish, then the server exits 0 and leaves nothing behind', async () => {
    const s = await npmStart();
    const inFlight = slowRequest(s.port, JSON.stringify({ userName: 'someone@example.com' }));
    await new Promise((r) => setTimeout(r, 200));
    s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    inFlight.finish();
    const answer = await inFlight.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(await s.exit).toBe(0);
    expect(await serverGone(s.port)).toBe(true);
  }, 120_000);

  it('SIGTERM drains first: /readyz answers 503, requests are still served and close their connection, then exit 0', async () => {
    const s = await npmStart({ SHUTDOWN_DRAIN_SECONDS: '2' });
    const base = `http://127.0.0.1:${s.port}`;
    const before = await fetch(`${base}/healthz`);
    expect(before.headers.get('connection')).not.toBe('close');
    s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).result.draining).toBe(true);
    const served = await fetch(`${base}/api/account/login-check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'someone@example.com' }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    expect(await s.exit).toBe(0);
    expect(await serverGone(s.port)).toBe(true);
  }, 120_000);

  it('closes requests still open after SHUTDOWN_TIMEOUT_SECONDS and still exits 0', async () => {
    const s = await npmStart({ SHUTDOWN_TIMEOUT_SECONDS: '1', SHUTDOWN_DRAIN_SECONDS: '0' });
    const stuck = slowRequest(s.port, JSON.stringify({ userName: 'someone@example.com' }));
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    expect(Date.now() - t0).toBeLessThan(8000);
    await stuck.closed;
    expect(await serverGone(s.port)).toBe(true);
  }, 120_000);
});
