/** Small helpers for the benchmark's figures. */
export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor((p / 100) * sortedMs.length))]!;
}

export function summary(samplesMs: number[]) {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export const ms = (x: number) => `${x.toFixed(2)} ms`;

/** Runs `work` repeatedly for about `seconds`; returns how many runs per second. */
export function perSecond(seconds: number, work: (i: number) => void): { runs: number; perSecond: number } {
  const start = performance.now();
  let runs = 0;
  while (performance.now() - start < seconds * 1000) work(runs++);
  return { runs, perSecond: runs / ((performance.now() - start) / 1000) };
}
