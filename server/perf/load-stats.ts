/** Small helpers for the load and fault benches: latency samples, percentiles and figures. */

/** Keeps up to `capacity` samples, uniformly (reservoir sampling), so long runs stay bounded in memory. */
export class Samples {
  private readonly values: number[] = [];
  private seen = 0;
  constructor(private readonly capacity = 200_000) {}

  add(value: number): void {
    this.seen++;
    if (this.values.length < this.capacity) this.values.push(value);
    else {
      const slot = Math.floor(Math.random() * this.seen);
      if (slot < this.capacity) this.values[slot] = value;
    }
  }

  get count(): number {
    return this.seen;
  }

  /** The q-quantile (0..1) by nearest rank; NaN without samples. */
  quantile(q: number): number {
    if (this.values.length === 0) return NaN;
    const sorted = Float64Array.from(this.values).sort();
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  }

  max(): number {
    return this.values.length === 0 ? NaN : Math.max(...this.values);
  }
}

export function ms(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)} ms` : "–";
}

export function kb(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : "–";
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/** Process figures a child reports over IPC. */
export interface ProcessStats {
  heapUsed: number;
  rss: number;
  /** CPU time (user + system) since the process started, in ms. */
  cpuMs: number;
  rooms?: number;
  /** Game-log writes and their total time, when the child keeps a log. */
  logWrites?: number;
  logWriteMs?: number;
  /** The longest single write since the last stats call, in ms. */
  logWriteMaxMs?: number;
  /** Event-loop delay p99 since the last stats call, in ms (how long a ready callback waited). */
  loopDelayP99Ms?: number;
  loopDelayMaxMs?: number;
  /** Garbage-collection pauses since the last stats call: total and longest, in ms. */
  gcPauseMs?: number;
  gcMaxPauseMs?: number;
}

export function processStats(extra: Partial<ProcessStats> = {}): ProcessStats {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return { heapUsed: memory.heapUsed, rss: memory.rss, cpuMs: (cpu.user + cpu.system) / 1000, ...extra };
}
