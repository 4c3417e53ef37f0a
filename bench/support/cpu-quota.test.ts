import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCpuQuota } from './cpu-quota.ts';

/** A temporary folder standing for /sys/fs/cgroup, as cgroup v1 (a cpu controller folder) or v2 lays it out. */
function fakeCgroupRoot(layout: 'v1' | 'v2' | 'none'): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-cgroup-'));
  if (layout === 'v1') {
    fs.mkdirSync(path.join(root, 'cpu'));
    fs.writeFileSync(path.join(root, 'cpu', 'cpu.cfs_quota_us'), '-1');
    fs.writeFileSync(path.join(root, 'cpu', 'cgroup.procs'), '');
  }
  if (layout === 'v2') {
    fs.writeFileSync(path.join(root, 'cgroup.controllers'), 'cpuset cpu io memory pids');
    fs.writeFileSync(path.join(root, 'cgroup.subtree_control'), '');
    fs.writeFileSync(path.join(root, 'cgroup.procs'), '');
  }
  return root;
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('a CPU quota for a bench instance', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true })));
  const rootOf = (layout: 'v1' | 'v2' | 'none') => {
    const root = fakeCgroupRoot(layout);
    roots.push(root);
    return root;
  };

  it('on cgroup v1 writes the period and 0.4 of it as the quota, and the pid into the group', () => {
    const root = rootOf('v1');
    const answer = createCpuQuota('winc-bench-a', 0.4, root);
    if (!('quota' in answer)) throw new Error(answer.skipped);
    const dir = path.join(root, 'cpu', 'winc-bench-a');
    expect(answer.quota.dir).toBe(dir);
    expect(read(path.join(dir, 'cpu.cfs_period_us'))).toBe('100000');
    expect(read(path.join(dir, 'cpu.cfs_quota_us'))).toBe('40000');
    answer.quota.add(4242);
    expect(read(path.join(dir, 'cgroup.procs'))).toBe('4242');
    fs.writeFileSync(path.join(dir, 'cpu.stat'), 'nr_periods 120\nnr_throttled 90\nthrottled_time 5\n');
    expect(answer.quota.throttling()).toEqual({ periods: 120, throttled: 90 });
    answer.quota.remove();
    expect(read(path.join(root, 'cpu', 'cgroup.procs'))).toBe('4242');
  });

  it('on cgroup v2 enables the cpu controller for children and writes cpu.max', () => {
    const root = rootOf('v2');
    const answer = createCpuQuota('winc-bench-b', 1.5, root);
    if (!('quota' in answer)) throw new Error(answer.skipped);
    expect(read(path.join(root, 'cgroup.subtree_control'))).toBe('+cpu');
    expect(read(path.join(root, 'winc-bench-b', 'cpu.max'))).toBe('150000 100000');
    answer.quota.add(7);
    expect(read(path.join(root, 'winc-bench-b', 'cgroup.procs'))).toBe('7');
  });

  it('says why it skips where there is no cpu controller, or a quota that means nothing', () => {
    expect(createCpuQuota('x', 0.4, rootOf('none'))).toEqual({
      skipped: expect.stringContaining('no cgroup cpu controller'),
    });
    expect(createCpuQuota('x', 0, rootOf('v1'))).toEqual({ skipped: expect.stringContaining('0 cores') });
  });
});
