import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCpuGroup } from './cpu-quota.ts';

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

describe('CPU groups for a bench and its instances', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true })));
  const rootOf = (layout: 'v1' | 'v2' | 'none') => {
    const root = fakeCgroupRoot(layout);
    roots.push(root);
    return root;
  };

  it('on cgroup v1 writes the period and 0.4 of it as the quota, and the pid into the group', () => {
    const root = rootOf('v1');
    const answer = createCpuGroup('winc-bench-a', { cores: 0.4 }, { root });
    if (!('group' in answer)) throw new Error(answer.skipped);
    const dir = path.join(root, 'cpu', 'winc-bench-a');
    expect(answer.group.dir).toBe(dir);
    expect(read(path.join(dir, 'cpu.cfs_period_us'))).toBe('100000');
    expect(read(path.join(dir, 'cpu.cfs_quota_us'))).toBe('40000');
    answer.group.add(4242);
    expect(read(path.join(dir, 'cgroup.procs'))).toBe('4242');
    fs.writeFileSync(path.join(dir, 'cpu.stat'), 'nr_periods 120\nnr_throttled 90\nthrottled_time 5\n');
    expect(answer.group.throttling()).toEqual({ periods: 120, throttled: 90 });
    answer.group.remove();
    expect(read(path.join(root, 'cpu', 'cgroup.procs'))).toBe('4242');
  });

  it('on cgroup v2 enables the cpu controller for children and writes cpu.max', () => {
    const root = rootOf('v2');
    const answer = createCpuGroup('winc-bench-b', { cores: 1.5 }, { root });
    if (!('group' in answer)) throw new Error(answer.skipped);
    expect(read(path.join(root, 'cgroup.subtree_control'))).toBe('+cpu');
    expect(read(path.join(root, 'winc-bench-b', 'cpu.max'))).toBe('150000 100000');
    answer.group.add(7);
    expect(read(path.join(root, 'winc-bench-b', 'cgroup.procs'))).toBe('7');
  });

  it('says why it skips where there is no cpu controller, or a quota that means nothing', () => {
    expect(createCpuGroup('x', { cores: 0.4 }, { root: rootOf('none') })).toEqual({
      skipped: expect.stringContaining('no cgroup cpu controller'),
    });
    expect(createCpuGroup('x', { cores: 0 }, { root: rootOf('v1') })).toEqual({
      skipped: expect.stringContaining('0 cores'),
    });
  });

  it('on cgroup v1 nests capped instances in an uncapped group of high weight, and empties them upwards', () => {
    const root = rootOf('v1');
    const bench = createCpuGroup('winc-bench', { highWeight: true }, { root });
    if (!('group' in bench)) throw new Error(bench.skipped);
    expect(read(path.join(bench.group.dir, 'cpu.shares'))).toBe('102400');
    expect(fs.existsSync(path.join(bench.group.dir, 'cpu.cfs_quota_us'))).toBe(false);
    const instance = createCpuGroup('a', { cores: 0.4 }, { root, within: bench.group });
    if (!('group' in instance)) throw new Error(instance.skipped);
    expect(instance.group.dir).toBe(path.join(root, 'cpu', 'winc-bench', 'a'));
    expect(read(path.join(instance.group.dir, 'cpu.cfs_quota_us'))).toBe('40000');
    instance.group.add(99);
    instance.group.remove();
    expect(read(path.join(bench.group.dir, 'cgroup.procs'))).toBe('99');
    bench.group.remove();
    expect(read(path.join(root, 'cpu', 'cgroup.procs'))).toBe('99');
  });

  it('on cgroup v2 enables the cpu controller in the parent group for a nested one, and writes cpu.weight', () => {
    const root = rootOf('v2');
    const bench = createCpuGroup('winc-bench', { highWeight: true }, { root });
    if (!('group' in bench)) throw new Error(bench.skipped);
    expect(read(path.join(bench.group.dir, 'cpu.weight'))).toBe('10000');
    const instance = createCpuGroup('a', { cores: 0.4 }, { root, within: bench.group });
    if (!('group' in instance)) throw new Error(instance.skipped);
    expect(read(path.join(bench.group.dir, 'cgroup.subtree_control'))).toBe('+cpu');
    expect(read(path.join(instance.group.dir, 'cpu.max'))).toBe('40000 100000');
  });
});
