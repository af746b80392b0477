// npm run bench: the figures of issue 10, each beside its baseline from the same run, on PGlite
// and (with --postgres, or when DATABASE_URL / REDIS_URL are set) on PostgreSQL + Redis. Prints
// the table and writes it to bench/results/<date>-<machine>.md. Figures, never assertions.
// What each figure means and how it is measured: bench/README.md.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../server/src/lib/password.js';
import { benchApiRead } from './api-read.js';
import { benchArgon2 } from './baselines/argon2.js';
import { startBareProvider } from './baselines/bare-provider.js';
import { benchCounts } from './counts.js';
import { signInFlow } from './lib/flow.js';
import { root, startBenchServer, type Target, userEmail } from './lib/server.js';
import { benchPageLoad, type PageLoadFigure } from './page-load.js';
import { benchRefresh } from './refresh.js';
import { machine, renderReport, type TargetFigures } from './report.js';
import { benchRss, cheapHash, RSS_ACCOUNTS, RSS_PREFIX } from './rss.js';
import { BENCH_PASSWORD, benchSignIn } from './signin.js';

const args = new Set(process.argv.slice(2));
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = num('BENCH_SECONDS', 10);
const SIGNIN_USERS = num('BENCH_SIGNIN_USERS', 8);
const REFRESH_USERS = num('BENCH_REFRESH_USERS', 16);
const CONNECTIONS = num('BENCH_CONNECTIONS', 32);
const RSS_SESSIONS = num('BENCH_RSS_SESSIONS', 10_000);
const SIGNIN_ACCOUNTS = 2000;

const targets: Target[] = args.has('--postgres-only')
  ? ['postgres']
  : args.has('--postgres') || process.env.DATABASE_URL || process.env.REDIS_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
// --only=signin,refresh,api,counts,rss,page-load
const only = [...args]
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wants = (part: string) => !only || only.includes(part);

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function benchTarget(target: Target, realHash: string, pageLoad: { figures?: PageLoadFigure[] }) {
  const figures: TargetFigures = { target };
  log(`${target}: starting the server (seeding ${SIGNIN_ACCOUNTS} + ${RSS_ACCOUNTS} accounts)`);
  const server = await startBenchServer({
    target,
    seed: [
      { count: SIGNIN_ACCOUNTS, prefix: 's', passwordHash: realHash },
      { count: RSS_ACCOUNTS, prefix: RSS_PREFIX, passwordHash: await cheapHash() },
    ],
  });
  let sessions = 0;
  try {
    if (wants('page-load') && !pageLoad.figures) {
      log('login page first load (headless Chromium)');
      pageLoad.figures = await benchPageLoad(server.url);
    }
    if (wants('signin')) {
      log(`${target}: argon2id baseline, ${SECONDS} s`);
      const argon2 = await benchArgon2(SECONDS);
      log(`${target}: sign-ins, ${SIGNIN_USERS} users, ${SECONDS} s`);
      const result = await benchSignIn({
        base: server.url,
        users: SIGNIN_USERS,
        seconds: SECONDS,
        accounts: { prefix: 's', count: SIGNIN_ACCOUNTS },
        cpuOf: server.pid,
      });
      sessions += result.ok + result.errors;
      figures.signIn = { result, users: SIGNIN_USERS, argon2 };
    }
    if (wants('refresh') || wants('api')) {
      const tokens = await Promise.all(
        Array.from({ length: REFRESH_USERS }, (_, i) =>
          signInFlow({ base: server.url, username: userEmail(RSS_PREFIX, i), password: BENCH_PASSWORD }),
        ),
      );
      sessions += tokens.length;
      if (wants('refresh')) {
        log(`${target}: refresh grants, ${REFRESH_USERS} users, ${SECONDS} s; then the bare provider`);
        const result = await benchRefresh({
          base: server.url,
          refreshTokens: tokens.map((t) => t.refresh_token ?? ''),
          seconds: SECONDS,
          cpuOf: server.pid,
        });
        const bareProvider = await startBareProvider(REFRESH_USERS);
        let bare: Awaited<ReturnType<typeof benchRefresh>>;
        try {
          bare = await benchRefresh({
            base: bareProvider.url,
            tokenPath: '/token',
            refreshTokens: bareProvider.refreshTokens,
            seconds: SECONDS,
            cpuOf: bareProvider.pid,
          });
        } finally {
          await bareProvider.stop();
        }
        figures.refresh = { result, bare, users: REFRESH_USERS };
      }
      if (wants('api')) {
        log(`${target}: GET /api/account/me and /healthz, ${CONNECTIONS} connections, ${SECONDS} s each`);
        // A fresh access token (the refresh run rotated the first ones).
        const fresh = await signInFlow({
          base: server.url,
          username: userEmail(RSS_PREFIX, 0),
          password: BENCH_PASSWORD,
        });
        sessions++;
        const { me, healthz } = await benchApiRead({
          base: server.url,
          accessToken: fresh.access_token,
          connections: CONNECTIONS,
          seconds: SECONDS,
        });
        figures.apiRead = { me, healthz, connections: CONNECTIONS };
      }
    }
    if (wants('rss') && RSS_SESSIONS > 0) {
      log(`${target}: sign-ins up to ${RSS_SESSIONS} sessions for RSS (${sessions} so far)`);
      figures.rss = await benchRss(server, {
        sessions: RSS_SESSIONS,
        already: sessions,
        users: SIGNIN_USERS,
        log: (m) => log(`${target}: ${m}`),
      });
    }
  } finally {
    await server.stop();
  }
  if (wants('counts')) {
    log(`${target}: statements and commands per operation (a server of its own, counting)`);
    figures.counts = await benchCounts(target, realHash);
  }
  return figures;
}

const m = machine();
log(`${m.cpu}, ${m.cores} cores, Node ${m.node}, commit ${m.commit}; targets ${targets.join(', ')}`);
const realHash = await hashPassword(BENCH_PASSWORD);
const pageLoad: { figures?: PageLoadFigure[] } = {};
const results: TargetFigures[] = [];
for (const target of targets) results.push(await benchTarget(target, realHash, pageLoad));

const settings = `BENCH_SECONDS=${SECONDS} BENCH_SIGNIN_USERS=${SIGNIN_USERS} BENCH_REFRESH_USERS=${REFRESH_USERS} BENCH_CONNECTIONS=${CONNECTIONS} BENCH_RSS_SESSIONS=${RSS_SESSIONS} BENCH_ID_TOKEN_ALG=${process.env.BENCH_ID_TOKEN_ALG || 'RS256'}`;
const report = renderReport(m, results, pageLoad.figures, settings);
console.log(`\n${report}`);
if (!args.has('--no-record')) {
  const file = path.join(
    root,
    'bench/results',
    `${m.date.slice(0, 10)}-${m.date.slice(11, 16).replace(':', '')}-${os.hostname().replace(/[^\w-]/g, '')}.md`,
  );
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, report);
  log(`recorded in ${path.relative(root, file)}`);
}
