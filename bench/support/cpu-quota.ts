import fs from 'node:fs';
import path from 'node:path';

/**
 * A CPU quota for the processes a bench starts (Linux cgroups, as root): each instance of a scale-out bench
 * gets, say, 0.4 of a core, so that one instance against two compares instances and not the machine's two
 * cores that every process shares. cgroup v1's cpu controller (`cpu.cfs_quota_us` over `cpu.cfs_period_us`)
 * where it is mounted, else cgroup v2's `cpu.max`.
 */

const PERIOD_US = 100_000;

export interface CpuQuota {
  /** The group's folder. */
  dir: string;
  /** Puts a process (all its threads) in the group. */
  add(pid: number): void;
  /**
   * How often the group has used its whole quota so far: periods with runnable tasks, and those it was
   * throttled in (none throttled: the quota never bound, and the figures measure the machine instead).
   */
  throttling(): { periods: number; throttled: number };
  /** Moves the group's processes back to the root group and removes the group. */
  remove(): void;
}

export type CpuQuotaAnswer = { quota: CpuQuota } | { skipped: string };

/** Creates a group named `name` capped at `cores` (e.g. 0.4) under `root` (/sys/fs/cgroup), or says why not. */
export function createCpuQuota(name: string, cores: number, root = '/sys/fs/cgroup'): CpuQuotaAnswer {
  if (!(cores > 0)) return { skipped: `a quota of ${cores} cores means nothing` };
  const quotaUs = Math.round(cores * PERIOD_US);
  const v1 = path.join(root, 'cpu');
  const v2Controllers = path.join(root, 'cgroup.controllers');
  let parent: string;
  let limit: (dir: string) => void;
  if (fs.existsSync(path.join(v1, 'cpu.cfs_quota_us'))) {
    parent = v1;
    limit = (dir) => {
      fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
    };
  } else if (fs.existsSync(v2Controllers) && /\bcpu\b/.test(fs.readFileSync(v2Controllers, 'utf8'))) {
    parent = root;
    limit = (dir) => {
      fs.writeFileSync(path.join(root, 'cgroup.subtree_control'), '+cpu');
      fs.writeFileSync(path.join(dir, 'cpu.max'), `${quotaUs} ${PERIOD_US}`);
    };
  } else {
    return { skipped: `no cgroup cpu controller under ${root}` };
  }
  const dir = path.join(parent, name);
  try {
    fs.mkdirSync(dir, { recursive: true });
    limit(dir);
  } catch (error) {
    return {
      skipped: `cannot write ${dir} (${(error as Error).message}): run as root`,
    };
  }
  const procs = path.join(dir, 'cgroup.procs');
  return {
    quota: {
      dir,
      add: (pid) => fs.writeFileSync(procs, String(pid)),
      throttling: () => {
        const stat = path.join(dir, 'cpu.stat');
        const text = fs.existsSync(stat) ? fs.readFileSync(stat, 'utf8') : '';
        const field = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
        return { periods: field('nr_periods'), throttled: field('nr_throttled') };
      },
      remove: () => {
        const pids = fs.existsSync(procs) ? fs.readFileSync(procs, 'utf8').split('\n').filter(Boolean) : [];
        // One pid per write: the kernel takes one at a time.
        for (const pid of pids) fs.writeFileSync(path.join(parent, 'cgroup.procs'), pid);
        try {
          fs.rmdirSync(dir);
        } catch {
          // A group the kernel still counts a task in stays; an empty one is harmless.
        }
      },
    },
  };
}
