/**
 * How long a call holds the event loop: the largest gap between ticks of a 1 ms interval timer
 * while it runs (and `perf_hooks.monitorEventLoopDelay`'s maximum over the same span).
 * @module
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What {@link measureLoopGap} measured, in ms. */
export interface LoopGap {
  /** Wall time of the call. */
  total: number;
  /** Largest gap between two ticks of a 1 ms interval timer. */
  gap: number;
  /**
   * CPU time the process used during that gap (`process.cpuUsage`, all its threads, the
   * garbage collector's helpers included): far below `gap` when the process waited for a core
   * other processes held (a loaded machine), not for its own work.
   */
  gapCpu: number;
  /** `monitorEventLoopDelay`'s largest delay (resolution 1 ms). */
  delay: number;
  /** What the call returned, or the error it threw. */
  result?: unknown;
  error?: unknown;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Run `call` and report the longest the event loop was held meanwhile. `after` (awaited inside
 * the measured span) lets background work the call started (a compression) count too.
 */
export async function measureLoopGap(call: () => Promise<unknown>, after?: () => Promise<unknown>): Promise<LoopGap> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let last = performance.now();
  let gap = 0;
  let gapCpu: number;
  const cpuNow = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let lastCpu = cpuNow();
  const tick = (): void => {
    const t = performance.now();
    const cpu = cpuNow();
    if (t - last > gap) {
      gap = t - last;
      gapCpu = cpu - lastCpu;
    }
    last = t;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 1);
  await pause(5);
  histogram.enable();
  last = performance.now();
  lastCpu = cpuNow();
  gap = 0;
  gapCpu = 0;
  const start = performance.now();
  const out: LoopGap = { total: 0, gap: 0, gapCpu: 0, delay: 0 };
  try {
    out.result = await call();
    if (after) await after();
  } catch (error) {
    out.error = error;
  }
  out.total = performance.now() - start;
  await pause(5);
  histogram.disable();
  clearInterval(timer);
  tick();
  out.gap = gap;
  out.gapCpu = gapCpu;
  out.delay = histogram.max / 1e6;
  return out;
}
