/**
 * The phone Lighthouse stands for, the same on every host (DESIGN §4, "a lab that stands for a phone"):
 * Lighthouse simulates a slower CPU by multiplying each task of the real load by `cpuSlowdownMultiplier`, so
 * its default 4× is a faster phone on a faster host. Dividing the host's own `benchmarkIndex` (Lighthouse's
 * measure of how fast this browser runs a fixed piece of script) by the reference phone's gives the slowdown
 * that turns this host into that phone.
 */

/** The `benchmarkIndex` of the phone every audit stands for: 4× slower than a host of about 1,320. */
export const REFERENCE_BENCHMARK_INDEX = 330;

/** Lighthouse's own CPU slowdown for mobile, printed beside the calibrated figures. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/** The CPU slowdown that makes a host of this index the reference phone; never below 1 (no speed-up). */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (!(benchmarkIndex > 0)) throw new Error(`not a benchmarkIndex: ${benchmarkIndex}`);
  return Math.max(1, benchmarkIndex / REFERENCE_BENCHMARK_INDEX);
}

/** The median (of an even count, the mean of the two middle values). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('the median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
