// Where the machine's CPU goes during a measured run: each process's user+system time from /proc
// (all its threads, so the server's figure includes argon2id on libuv's pool), grouped as the
// server under test, this load generator, PostgreSQL, Redis and everything else on the machine.
// The bench and the server share the cores, so this is how a ratio's gap is read (README).
import { readdirSync, readFileSync } from 'node:fs';

export type CpuGroup = 'server' | 'load generator' | 'PostgreSQL' | 'Redis' | 'other processes' | 'idle';
export type CpuReading = Record<CpuGroup, number>;
/** Ticks by pid with the pid's group, and the machine's idle ticks: what readCpu takes. */
export type CpuSample = { byPid: Map<string, { group: CpuGroup; ms: number }>; idle: number };

const TICK_MS = 10; // USER_HZ is 100 on Linux

function processTicks(pid: string): { comm: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // ended meanwhile
  }
}

/** CPU milliseconds used so far by each process (`serverPid`: the server under test, or a baseline's process). */
export function readCpu(serverPid: number): CpuSample {
  const byPid: CpuSample['byPid'] = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const p = processTicks(pid);
    if (!p) continue;
    const group: CpuGroup =
      Number(pid) === serverPid
        ? 'server'
        : Number(pid) === process.pid
          ? 'load generator'
          : p.comm === 'postgres'
            ? 'PostgreSQL'
            : p.comm.startsWith('redis-server')
              ? 'Redis'
              : 'other processes';
    byPid.set(pid, { group, ms: p.ticks * TICK_MS });
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  return { byPid, idle: ((cpu[3] ?? 0) + (cpu[4] ?? 0)) * TICK_MS };
}

/**
 * Milliseconds of CPU per operation between two samples, by group: each process still there
 * counts its growth, a new one all it used; one that ended meanwhile is not seen (its time since
 * the first sample is lost, never counted negative).
 */
export function cpuPerOp(before: CpuSample, after: CpuSample, ops: number): CpuReading {
  const per: CpuReading = {
    server: 0,
    'load generator': 0,
    PostgreSQL: 0,
    Redis: 0,
    'other processes': 0,
    idle: after.idle - before.idle,
  };
  for (const [pid, { group, ms }] of after.byPid) per[group] += ms - (before.byPid.get(pid)?.ms ?? 0);
  for (const k of Object.keys(per) as CpuGroup[]) per[k] = ops > 0 ? per[k] / ops : 0;
  return per;
}
