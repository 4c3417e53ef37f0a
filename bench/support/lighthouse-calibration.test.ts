import { describe, expect, it } from 'vitest';
import { calibratedSlowdown, median, REFERENCE_BENCHMARK_INDEX } from './lighthouse-calibration.ts';

describe('the calibrated CPU slowdown', () => {
  it('is the host benchmarkIndex over the reference phone’s', () => {
    expect(REFERENCE_BENCHMARK_INDEX).toBe(330);
    expect(calibratedSlowdown(1320)).toBe(4);
    expect(calibratedSlowdown(1700)).toBeCloseTo(5.15, 2);
    expect(calibratedSlowdown(1040)).toBeCloseTo(3.15, 2);
  });

  it('never speeds a host up: a host slower than the reference phone runs at 1×', () => {
    expect(calibratedSlowdown(330)).toBe(1);
    expect(calibratedSlowdown(200)).toBe(1);
  });

  it('refuses an index that is not a positive number (a failed calibration)', () => {
    expect(() => calibratedSlowdown(Number.NaN)).toThrow();
    expect(() => calibratedSlowdown(0)).toThrow();
  });
});

describe('the median of the calibration runs', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([1700, 1040, 1300, 1250, 1600])).toBe(1300);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses no values', () => {
    expect(() => median([])).toThrow();
  });
});
