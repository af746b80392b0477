// N virtual users each running one task in a loop for a set time (closed loop: a user starts its
// next task when the last one ends). Answers completions per second and latency percentiles.
import { type CpuReading, type CpuSample, cpuPerOp, readCpu } from './cpu.js';

export type LoadResult = {
  ok: number;
  errors: number;
  errorKinds: Record<string, number>;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** CPU ms per completed task over the measured time, by process group (lib/cpu.ts), when `cpuOf` was given. */
  cpu?: CpuReading;
};

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;

export async function runLoad(opts: {
  users: number;
  seconds: number;
  /** One unit of work for virtual user `vu`; its `n`-th run. */
  task: (vu: number, n: number) => Promise<void>;
  /** Runs first, not measured. */
  warmupSeconds?: number;
  /** Stops early once this answers true. */
  until?: () => boolean;
  /** The pid whose CPU counts as the server's (lib/cpu.ts). */
  cpuOf?: number;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  let ok = 0;
  let errors = 0;
  let measuring = false;
  const warmupEnd = Date.now() + (opts.warmupSeconds ?? 0) * 1000;
  let start = warmupEnd;
  let end = warmupEnd + opts.seconds * 1000;
  const user = async (vu: number) => {
    for (let n = 0; Date.now() < end && !opts.until?.(); n++) {
      const t0 = performance.now();
      try {
        await opts.task(vu, n);
        if (!measuring) continue;
        ok++;
        latencies.push(performance.now() - t0);
      } catch (err) {
        if (!measuring) continue;
        errors++;
        const kind = (err as Error).message.split(':').slice(0, 2).join(':').slice(0, 80);
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
      }
    }
  };
  let cpuBefore: CpuSample | undefined;
  const startMeasuring = () => {
    measuring = true;
    if (opts.cpuOf) cpuBefore = readCpu(opts.cpuOf);
  };
  const warm = setTimeout(
    () => {
      startMeasuring();
      start = Date.now();
      end = start + opts.seconds * 1000;
    },
    Math.max(0, warmupEnd - Date.now()),
  );
  if (!opts.warmupSeconds) {
    startMeasuring();
    start = Date.now();
    end = start + opts.seconds * 1000;
  }
  await Promise.all(Array.from({ length: opts.users }, (_, vu) => user(vu)));
  clearTimeout(warm);
  const cpu = opts.cpuOf && cpuBefore ? cpuPerOp(cpuBefore, readCpu(opts.cpuOf), ok) : undefined;
  const seconds = (Date.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ok,
    errors,
    errorKinds,
    seconds,
    perSecond: ok / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ...(cpu ? { cpu } : {}),
  };
}
