import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileClock } from './test-clock.ts';

describe('the test clock (WINC_TEST_CLOCK_FILE)', () => {
  const dirs: string[] = [];
  const fileIn = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'winc-clock-'));
    dirs.push(dir);
    return path.join(dir, 'offset');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const base = Date.UTC(2026, 10, 28, 9, 0);

  it('adds the offset in milliseconds that the file holds, and follows each rewrite of it', () => {
    const file = fileIn();
    writeFileSync(file, '180000\n');
    const now = createFileClock(file, () => base);
    expect(now().getTime()).toBe(base + 180_000);
    writeFileSync(file, '3600000');
    expect(now().getTime()).toBe(base + 3_600_000);
    writeFileSync(file, '-60000');
    expect(now().getTime()).toBe(base - 60_000);
  });

  it('is the real clock while the file is missing or does not hold a number', () => {
    const file = fileIn();
    const now = createFileClock(file, () => base);
    expect(now().getTime()).toBe(base);
    writeFileSync(file, 'soon');
    expect(now().getTime()).toBe(base);
    writeFileSync(file, '5000');
    expect(now().getTime()).toBe(base + 5000);
    rmSync(file);
    expect(now().getTime()).toBe(base);
  });
});
