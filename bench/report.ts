// The bench's markdown: machine, then each figure beside its same-run baseline and the ratio.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { HttpFigure } from './api-read.js';
import type { CountFigures, PerOp } from './counts.js';
import type { LoadResult } from './lib/load.js';
import { root, type Target } from './lib/server.js';
import { type PageLoadFigure, SLOW_4G } from './page-load.js';

export type TargetFigures = {
  target: Target;
  signIn?: { result: LoadResult; users: number; argon2: LoadResult };
  refresh?: { result: LoadResult; bare: LoadResult; users: number };
  apiRead?: { me: HttpFigure; healthz: HttpFigure; connections: number };
  counts?: CountFigures;
  rss?: {
    before: number;
    already: number;
    after: number;
    sessions: number;
    errors: number;
    seconds: number;
    serverEnded: string | null;
  };
};

export type Machine = { date: string; cpu: string; cores: number; node: string; commit: string; host: string };

export function machine(): Machine {
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? '?';
  const git = (cmd: string) => {
    try {
      return execSync(cmd, { cwd: root, encoding: 'utf8' }).trim();
    } catch {
      return '?';
    }
  };
  const dirty = git('git status --porcelain -- server web contracts bench') ? ' (+ uncommitted changes)' : '';
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    cpu,
    cores: os.cpus().length,
    node: process.version,
    commit: `${git('git rev-parse --short HEAD')}${dirty}`,
    host: os.hostname(),
  };
}

const LABEL: Record<Target, string> = { pglite: 'PGlite', postgres: 'PostgreSQL + Redis' };
const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const n1 = (x: number) => (x >= 100 ? n0(x) : x.toFixed(1));
const ms = (x: number) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;
const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '-');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const errs = (r: { errors: number }) => (r.errors ? `, ${r.errors} errors` : '');

export function renderReport(
  m: Machine,
  targets: TargetFigures[],
  pageLoad: PageLoadFigure[] | undefined,
  settings: string,
) {
  const lines: string[] = [];
  const push = (...l: string[]) => lines.push(...l);
  push(
    `# Bench ${m.date} UTC`,
    '',
    `- machine: ${m.cpu}, ${m.cores} cores (shared with other work on this machine)`,
    `- Node ${m.node}, commit ${m.commit}`,
    `- settings: ${settings}`,
    '',
    '## Throughput, each beside its baseline from the same run',
    '',
    '| figure | database | value | baseline (same run) | ratio | goal |',
    '|---|---|---|---|---|---|',
  );
  for (const t of targets) {
    const db = LABEL[t.target];
    if (t.signIn) {
      const { result: r, argon2: a, users } = t.signIn;
      push(
        `| password sign-ins/s, whole flow, ${users} users | ${db} | **${n1(r.perSecond)}**/s (p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${errs(r)}) | argon2id verifies/s, concurrency 2: ${n1(a.perSecond)} | **${ratio(r.perSecond, a.perSecond)}** | ≥ 0.6 |`,
      );
    }
    if (t.refresh) {
      const { result: r, bare: b, users } = t.refresh;
      push(
        `| refresh grants/s (rotation on), ${users} users | ${db} | **${n1(r.perSecond)}**/s (p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${errs(r)}) | bare oidc-provider, memory adapter: ${n1(b.perSecond)}/s${errs(b)} | **${ratio(r.perSecond, b.perSecond)}** | ≥ 0.7 |`,
      );
    }
    if (t.apiRead) {
      const { me, healthz, connections } = t.apiRead;
      push(
        `| GET /api/account/me, bearer, ${connections} connections | ${db} | **${n0(me.perSecond)}**/s (p50 ${ms(me.p50)}, p99 ${ms(me.p99)}${errs(me)}) | /healthz: ${n0(healthz.perSecond)}/s (p99 ${ms(healthz.p99)}) | **${ratio(me.perSecond, healthz.perSecond)}** | ≥ 0.4, p99 ≤ 50 ms |`,
      );
    }
    if (t.rss) {
      const r = t.rss;
      const flows = r.sessions - r.already;
      const perSession = flows > 0 ? (r.after - r.before) / flows : 0;
      const at10k = r.sessions >= 10_000 ? r.after : r.after + perSession * (10_000 - r.sessions);
      const how =
        r.sessions >= 10_000
          ? `measured`
          : `extrapolated from ${n0(r.sessions)} sessions (${mb(r.after)}) at ${(perSession / 1024).toFixed(1)} kB per session`;
      push(
        `| RSS after 10,000 sessions | ${db} | **${mb(at10k)}** (${how}) | at start of this phase: ${mb(r.before)} after ${n0(r.already)} sessions; ${n0(flows)} flows in ${Math.round(r.seconds)} s${r.errors ? `, ${r.errors} errors` : ''}${r.serverEnded ? `; **the server ended (${r.serverEnded})**, the RSS is its last reading` : ''} | - | ≤ 250 MB |`,
      );
    }
  }
  const cpuRows = targets.flatMap((t) => {
    const db = LABEL[t.target];
    const rows: [string, LoadResult | undefined][] = [
      [`password sign-in, whole flow | ${db}`, t.signIn?.result],
      [`argon2id verify (baseline) | ${db}`, t.signIn?.argon2],
      [`refresh grant | ${db}`, t.refresh?.result],
      [`refresh grant, bare oidc-provider (baseline) | ${db}`, t.refresh?.bare],
    ];
    return rows.flatMap(([name, r]) => (r?.cpu ? [{ name, cpu: r.cpu }] : []));
  });
  if (cpuRows.length) {
    push(
      '',
      '## Where the CPU goes, per operation (same run)',
      '',
      "Milliseconds of CPU per completed operation over the measured seconds, from /proc: the server under test (all its threads, so argon2id on libuv's pool counts here; for a baseline, the baseline's process), this load generator, PostgreSQL's processes, Redis, the rest of the machine, and idle core time. With 2 cores, an operation rate is bounded by 2,000 ms / (the sum of the busy columns).",
      '',
      '| operation | database | server | load generator | PostgreSQL | Redis | other processes | idle |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const { name, cpu } of cpuRows)
      push(
        `| ${name} | ${[cpu.server, cpu['load generator'], cpu.PostgreSQL, cpu.Redis, cpu['other processes'], cpu.idle].map((v) => v.toFixed(2)).join(' | ')} |`,
      );
  }
  const counted = targets.filter((t) => t.counts);
  if (counted.length) {
    push(
      '',
      '## Database statements and Redis commands per operation',
      '',
      'PostgreSQL statements on the wire (Q + E messages: BEGIN/COMMIT included); statements Drizzle sent (its PGlite driver does not report BEGIN/COMMIT, node-postgres does); Redis commands on the wire.',
      '',
      '| per | database | PostgreSQL statements (wire) | Drizzle statements | Redis commands |',
      '|---|---|---|---|---|',
    );
    const row = (name: string, db: string, c: PerOp) => {
      const redis =
        c.redis === null
          ? '-'
          : `${n1(c.redis)} (${Object.entries(c.redisByName)
              .sort((a, b) => b[1] - a[1])
              .map(([k, v]) => `${k} ${n1(v)}`)
              .join(', ')})`;
      push(
        `| ${name} | ${db} | ${c.pgWire === null ? '-' : n1(c.pgWire)} | ${n1(c.drizzle)} | ${c.redis ? redis : c.redis === 0 ? '0' : '-'} |`,
      );
    };
    for (const t of counted) {
      const c = t.counts as CountFigures;
      row('sign-in (whole flow)', LABEL[t.target], c.signIn);
      row('refresh grant', LABEL[t.target], c.refresh);
      row('GET /api/account/me', LABEL[t.target], c.apiRead);
    }
  }
  if (pageLoad?.length) {
    // Where issue 27 started (its own figures, Lighthouse's slow 4G on 2026-11-24, counted its way) and its targets.
    const REFERENCE: Record<PageLoadFigure['scenario'], { label: string; before: string; target: string }> = {
      rp: { label: 'relying party: /oidc/auth → /login', before: '3.9 s, 267 kB', target: '≤ 1.5 s, ≤ 100 kB' },
      account: {
        label: 'portal signed out: /account → sign-in → /login',
        before: '7.1 s, 553 kB, 2 boots',
        target: '≤ 2.5 s, one boot',
      },
      portal: { label: 'portal: /login', before: '-', target: '-' },
    };
    push(
      '',
      `## Login page first load (headless Chromium, empty cache, slow 4G: ${SLOW_4G.latencyMs} ms, ${SLOW_4G.downloadKbps / 1000} Mbit/s down, ${SLOW_4G.uploadKbps} kbit/s up, CPU ${SLOW_4G.cpuSlowdown}× slower, ${SLOW_4G.width} px)`,
      '',
      "| start | time to the username field, median of 3 (runs) | the app's form in place | on the wire | JS+CSS | files | app boots | boots at | issue 27 (Lighthouse, 2026-11-24) | target |",
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const p of pageLoad) {
      const ref = REFERENCE[p.scenario];
      push(
        `| ${ref.label} | **${ms(p.ms)}** (${p.runsMs.map(ms).join(', ')}) | ${ms(p.appMs)} | **${kb(p.wireBytes)}** | ${kb(p.jsCssBytes)}${p.settledBytes > p.jsCssBytes ? ` (${kb(p.settledBytes)} once idle)` : ''} | ${p.jsCssFiles} | **${p.boots}** | ${p.bootUrls.join(' → ')} | ${ref.before} | ${ref.target} |`,
      );
    }
    push('');
    for (const p of pageLoad) {
      push(
        `- largest files, ${p.scenario}: ${p.largest.map(([f, b]) => `${f.replace(/^\/assets\//, '')} ${kb(b)}`).join(', ')}`,
      );
    }
  }
  for (const t of counted) {
    const list = t.counts?.signInStatements ?? [];
    if (!list.length) continue;
    push(
      '',
      `<details><summary>Statements of one sign-in, ${LABEL[t.target]} (${list.length}, as Drizzle sent them)</summary>`,
      '',
      ...list.map((s, i) => `${i + 1}. \`${s.slice(0, 160).replace(/`/g, "'")}\``),
      '',
      '</details>',
    );
  }
  return `${lines.join('\n')}\n`;
}
