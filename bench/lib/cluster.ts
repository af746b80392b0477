// N copies of the built server (node server/dist/main.js, with the heap flags of `npm start`)
// behind Debian's nginx on loopback, sharing one scratch PostgreSQL database and this machine's
// Redis under a prefix of their own: the topology of docs/scaling.md and compose.yaml, without
// containers. nginx includes deploy/nginx/portico.conf, the same proxy settings compose's nginx
// uses. The copies run with NODE_ENV=production and secrets generated for the run.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/harness.js';
import { generateSecrets } from '../../server/src/config/secrets.js';
import { type Database, openDatabase } from '../../server/src/db/client.js';
import { createScratchDatabase } from '../../server/src/db/testing.js';
import { waitUntilReady } from '../../server/src/testing/ready.js';
import { benchClientMetadata, postgresBase, processRss, redisBase, root, startFlags } from './server.js';

export type Cluster = {
  /** nginx's address: what every client calls. */
  url: string;
  size: number;
  databaseUrl: string;
  redisPrefix: string;
  /** ENCRYPTION_KEY of the copies (base64), for sealing seeded two-step secrets. */
  encryptionKey: string;
  pid(i: number): number | undefined;
  /** Starts copy i (again) and waits until its /readyz answers. */
  start(i: number): Promise<void>;
  signal(i: number, signal: NodeJS.Signals): void;
  /** Resolves when copy i's process has ended, with how. */
  exited(i: number): Promise<string>;
  ready(i: number): Promise<boolean>;
  rss(i: number): Promise<number>;
  /** Copies that ended without the run asking (a crash): which, how, and where their log is. */
  unexpectedExits(): string[];
  /** Where each copy's stderr is kept (copy-N.log), after the run too. */
  logDir: string;
  stop(): Promise<void>;
};

const nginxPath = () =>
  ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => {
    try {
      execFileSync('test', ['-x', p]);
      return true;
    } catch {
      return false;
    }
  });

export async function startCluster(opts: {
  size: number;
  name: string;
  seed(database: Database, encryptionKey: string): Promise<void>;
  env?: Record<string, string>;
  onUnexpectedExit?(i: number, how: string, logFile: string): void;
}): Promise<Cluster> {
  const nginxBin = nginxPath();
  if (!nginxBin)
    throw new Error("nginx is missing: install Debian's package (apt-get install -y nginx) and run again.");
  const scratch = await createScratchDatabase(postgresBase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `portico-${opts.name}-`));
  const secrets = await generateSecrets();
  {
    const database = await openDatabase({ url: scratch.url });
    await opts.seed(database, secrets.encryptionKey);
    await database.close();
  }
  const clientsFile = path.join(dataDir, 'clients.json');
  await writeFile(clientsFile, JSON.stringify([benchClientMetadata()]));

  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  const ports = await Promise.all(Array.from({ length: opts.size }, () => freePort()));
  const redisPrefix = `portico-${opts.name}-${Date.now()}:`;
  const children: (ChildProcess | null)[] = ports.map(() => null);
  /** Whether the run itself is stopping copy i (a signal sent through `signal`, or the end). */
  const expected: boolean[] = ports.map(() => false);
  const unexpected: string[] = [];
  const logDir = await mkdtemp(path.join(os.tmpdir(), `portico-${opts.name}-logs-`));
  const exits: Promise<string>[] = ports.map(() => Promise.resolve('not started'));

  const start = async (i: number) => {
    const child = spawn(process.execPath, [...startFlags(), 'server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        TRUST_PROXY: 'true',
        DATA_DIR: path.join(dataDir, `copy-${i}`),
        DATABASE_URL: scratch.url,
        REDIS_URL: redisBase(),
        REDIS_PREFIX: redisPrefix,
        COOKIE_KEYS: secrets.cookieKeys.join(','),
        ENCRYPTION_KEY: secrets.encryptionKey,
        JWKS: JSON.stringify(secrets.jwks),
        DEV_OUTBOX: 'true',
        OIDC_CLIENTS_FILE: clientsFile,
        CAPTCHA_PROVIDER: 'none',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        LOGIN_LOCK_FAILURES: '100000',
        SHUTDOWN_DRAIN_SECONDS: '3',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Each copy's log (its JSON lines on stdout at LOG_LEVEL=warn, and stderr) is kept after the
    // run: what a copy that ended on its own, or answered 500, said.
    const logFile = path.join(logDir, `copy-${i + 1}.log`);
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => void appendFile(logFile, chunk).catch(() => {}));
    children[i] = child;
    let ended = false;
    expected[i] = false;
    exits[i] = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        ended = true;
        const how = signal ?? `exit code ${code}`;
        if (!expected[i]) {
          unexpected.push(`copy ${i + 1} (pid ${child.pid}) ended on its own: ${how}; its log: ${logFile}`);
          opts.onUnexpectedExit?.(i, how, logFile);
        }
        resolve(how);
      }),
    );
    await waitUntilReady(`http://127.0.0.1:${ports[i]}`, { exited: () => ended, name: `copy ${i + 1}` });
  };

  const nginxDir = path.join(dataDir, 'nginx');
  await mkdir(nginxDir, { recursive: true });
  const nginxConf = path.join(nginxDir, 'nginx.conf');
  await writeFile(
    nginxConf,
    `worker_processes 1;
daemon off;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log crit;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  upstream portico {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    include ${path.join(root, 'deploy/nginx/portico.conf')};
  }
}
`,
  );
  await Promise.all(ports.map((_, i) => start(i)));
  const nginx = spawn(nginxBin, ['-c', nginxConf, '-p', nginxDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitUntilReady(url, { exited: () => nginx.exitCode !== null, name: 'nginx' });

  return {
    url,
    size: opts.size,
    databaseUrl: scratch.url,
    redisPrefix,
    encryptionKey: secrets.encryptionKey,
    pid: (i) => children[i]?.pid,
    start,
    signal: (i, signal) => {
      // SIGSTOP and SIGCONT pause a copy; the others end it on purpose.
      if (signal !== 'SIGSTOP' && signal !== 'SIGCONT') expected[i] = true;
      children[i]?.kill(signal);
    },
    unexpectedExits: () => [...unexpected],
    logDir,
    exited: (i) => exits[i] ?? Promise.resolve('no such copy'),
    ready: (i) =>
      fetch(`http://127.0.0.1:${ports[i]}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      ),
    rss: async (i) => {
      const pid = children[i]?.pid;
      return pid && children[i]?.exitCode === null ? processRss(pid).catch(() => 0) : 0;
    },
    async stop() {
      expected.fill(true);
      nginx.kill('SIGTERM');
      for (const c of children) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGCONT');
      for (const c of children) if (c && c.exitCode === null) c.kill('SIGINT');
      await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 8000))]);
      for (const c of children) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await scratch.drop().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
