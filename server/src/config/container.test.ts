import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The container image and the compose file (issue 31 point 2), read where no container engine
// runs: the instructions that matter, and the services and their health checks. That the runtime
// stage's files start the server is e2e/container-layout.e2e.ts.

const root = new URL('../../../', import.meta.url);

/** A Dockerfile's instructions, continuation lines joined, comments and blank lines left out. */
function dockerInstructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

describe('Dockerfile', async () => {
  const steps = dockerInstructions(await readFile(new URL('Dockerfile', root), 'utf8'));
  const froms = steps.filter((s) => s.op === 'FROM');
  const runtime = steps.slice(steps.lastIndexOf(froms.at(-1) as (typeof steps)[number]));

  it('builds in one stage and runs from another, on Node 24', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(froms[0]?.args).toMatch(/^node:24[-\w.]* AS build$/);
    expect(froms.at(-1)?.args).toMatch(/^node:24[-\w.]*$/);
    expect(steps.some((s) => s.op === 'RUN' && s.args.includes('npm ci'))).toBe(true);
    expect(steps.some((s) => s.op === 'RUN' && s.args.includes('scripts/ensure-built.mjs'))).toBe(true);
  });

  it('runs as a user that is not root, with a health check on /healthz', () => {
    const user = runtime.filter((s) => s.op === 'USER').at(-1)?.args;
    expect(user).toBeTruthy();
    expect(['root', '0', '0:0']).not.toContain(user);
    const health = runtime.find((s) => s.op === 'HEALTHCHECK')?.args ?? '';
    expect(health).toContain('/healthz');
    expect(runtime.find((s) => s.op === 'CMD')?.args).toContain('server/dist/main.js');
    expect(runtime.find((s) => s.op === 'ENV')?.args).toContain('NODE_ENV=production');
  });

  it('copies into the runtime only what the build stage made', () => {
    const copies = runtime.filter((s) => s.op === 'COPY').map((s) => s.args);
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy).toMatch(/^--from=build \/app\//);
    const sources = copies.map((c) => c.split(/\s+/)[1]);
    for (const needed of ['/app/server/dist', '/app/web/dist', '/app/web/dist-ssr', '/app/node_modules'])
      expect(sources).toContain(needed);
  });

  it("keeps a workspace's own production packages (the lock file's nested ones) in the runtime", async () => {
    const lock = JSON.parse(await readFile(new URL('package-lock.json', root), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const sources = runtime.filter((s) => s.op === 'COPY').map((s) => s.args.split(/\s+/)[1]);
    const nested = Object.entries(lock.packages)
      .filter(([key, pkg]) => /^[\w-]+\/node_modules\//.test(key) && !pkg.dev)
      .map(([key]) => `/app/${key.slice(0, key.indexOf('/node_modules/'))}/node_modules`);
    for (const folder of new Set(nested)) expect(sources, folder).toContain(folder);
  });
});

describe('compose.yaml', async () => {
  const compose = parse(await readFile(new URL('compose.yaml', root), 'utf8')) as {
    services: Record<string, Record<string, unknown>>;
  };
  const { portico, postgres, redis, lb } = compose.services;

  it('runs Portico beside PostgreSQL and Redis, once both answer their health checks', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['lb', 'portico', 'postgres', 'redis']);
    expect(portico?.build).toBe('.');
    expect(portico?.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(JSON.stringify(postgres?.healthcheck)).toContain('pg_isready');
    expect(JSON.stringify(redis?.healthcheck)).toContain('ping');
    const env = portico?.environment as Record<string, string>;
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    // The production secrets are required, never defaulted.
    for (const secret of ['COOKIE_KEYS', 'ENCRYPTION_KEY', 'JWKS']) expect(env[secret]).toMatch(/^\$\{\w+:\?/);
  });

  it('runs any number of copies behind nginx, which includes the same proxy settings as the soak', async () => {
    // No host port on the copies (a fixed one would refuse `--scale portico=3`); nginx publishes 3000.
    expect(portico?.ports).toBeUndefined();
    expect(lb?.ports).toEqual(['3000:80']);
    expect(lb?.depends_on).toEqual({ portico: { condition: 'service_healthy' } });
    const mounts = ((lb?.volumes ?? []) as string[]).map((v) => v.split(':')[0]);
    expect(mounts).toEqual(['./deploy/nginx/compose.conf', './deploy/nginx/portico.conf']);
    const conf = await readFile(new URL('deploy/nginx/compose.conf', root), 'utf8');
    expect(conf).toMatch(/server portico:3000 resolve/);
    expect(conf).toContain('include /etc/nginx/portico/portico.conf;');
    const proxy = await readFile(new URL('deploy/nginx/portico.conf', root), 'utf8');
    // The hub's streams: not buffered, read longer than the 25 s keep-alive comment.
    expect(proxy).toMatch(/location = \/api\/hub \{[^}]*proxy_buffering off;[^}]*proxy_read_timeout 150s;/);
    expect((portico?.environment as Record<string, string> | undefined)?.TRUST_PROXY).toBe('true');
  });
});
