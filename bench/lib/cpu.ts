// Where the machine's CPU goes during a measured run: each process's user+system time from /proc
// (all its threads, so the server's figure includes argon2id on libuv's pool), grouped as the
// server under test, this load generator, PostgreSQL, Redis and everything else on the machine.
// The bench and the server share the cores, so this is how a ratio's gap is read (README).
import { readdirSync, readFileSync } from 'node:fs';

export type CpuGroup = 'server' | 'load generator' | 'PostgreSQL' | 'Redis' | 'other processes' | 'idle';
export type CpuReading = Record<CpuGroup, number>;

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

/** CPU milliseconds used so far, by group (`serverPid`: the server under test, or a baseline's process). */
export function readCpu(serverPid: number): CpuReading {
  const reading: CpuReading = {
    server: 0,
    'load generator': 0,
    PostgreSQL: 0,
    Redis: 0,
    'other processes': 0,
    idle: 0,
  };
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const p = processTicks(pid);
    if (!p) continue;
    const ms = p.ticks * TICK_MS;
    if (Number(pid) === serverPid) reading.server += ms;
    else if (Number(pid) === process.pid) reading['load generator'] += ms;
    else if (p.comm === 'postgres') reading.PostgreSQL += ms;
    else if (p.comm.startsWith('redis-server')) reading.Redis += ms;
    else reading['other processes'] += ms;
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  reading.idle = ((cpu[3] ?? 0) + (cpu[4] ?? 0)) * TICK_MS;
  return reading;
}

/** Milliseconds of CPU per operation between two readings, by group. */
export function cpuPerOp(before: CpuReading, after: CpuReading, ops: number): CpuReading {
  const per = { ...after };
  for (const k of Object.keys(per) as CpuGroup[]) per[k] = ops > 0 ? (after[k] - before[k]) / ops : 0;
  return per;
}
