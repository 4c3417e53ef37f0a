import fs from 'node:fs';
import path from 'node:path';

/**
 * CPU groups for the processes a bench starts (Linux cgroups, as root). A scale-out bench caps each instance
 * with a quota (say 0.4 of a core), so that one instance against two compares instances and not the machine's
 * two cores that every process shares; and it runs itself and everything it starts in a group of high weight,
 * so that whatever else the host runs takes the cores it leaves rather than the instances' quotas. cgroup v1's
 * cpu controller (`cpu.cfs_quota_us` over `cpu.cfs_period_us`, `cpu.shares`) where it is mounted, else
 * cgroup v2's `cpu.max` and `cpu.weight`.
 */

const PERIOD_US = 100_000;
/**
 * A hundred times the default weight of a group (v1 `cpu.shares` 1024, v2 `cpu.weight` 100): a v1 group
 * competes with each task of the root group on its own, and a busy host has tens of them.
 */
const HIGH_WEIGHT = 100;

export interface CpuGroup {
  /** The group's folder. */
  dir: string;
  /** Puts a process (all its threads) in the group; the processes it starts afterwards are in it too. */
  add(pid: number): void;
  /**
   * How often the group has used its whole quota so far: periods with runnable tasks, and those it was
   * throttled in (none throttled: the quota never bound, and the figures measure the machine instead).
   */
  throttling(): { periods: number; throttled: number };
  /** Moves the group's processes back to the group above it and removes the group. */
  remove(): void;
}

export type CpuGroupAnswer = { group: CpuGroup } | { skipped: string };

export interface CpuLimits {
  /** The quota, in cores (0.4: 40 ms of every 100 ms). None: uncapped. */
  cores?: number;
  /** A hundred times the weight of the host's other groups and tasks when cores are contended. */
  highWeight?: boolean;
}

/**
 * Creates a group named `name` with `limits`, under `within` (another group) or at the top of the hierarchy
 * under `root` (/sys/fs/cgroup), or says why it cannot.
 */
export function createCpuGroup(
  name: string,
  limits: CpuLimits,
  { root = '/sys/fs/cgroup', within }: { root?: string; within?: CpuGroup } = {},
): CpuGroupAnswer {
  if (limits.cores !== undefined && !(limits.cores > 0))
    return { skipped: `a quota of ${limits.cores} cores means nothing` };
  const v1 = path.join(root, 'cpu');
  const v2Controllers = path.join(root, 'cgroup.controllers');
  let top: string;
  let limit: (dir: string) => void;
  const quotaUs = limits.cores === undefined ? null : Math.round(limits.cores * PERIOD_US);
  if (fs.existsSync(path.join(v1, 'cpu.cfs_quota_us'))) {
    top = v1;
    limit = (dir) => {
      if (quotaUs !== null) {
        fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
        fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
      }
      if (limits.highWeight) fs.writeFileSync(path.join(dir, 'cpu.shares'), String(1024 * HIGH_WEIGHT));
    };
  } else if (fs.existsSync(v2Controllers) && /\bcpu\b/.test(fs.readFileSync(v2Controllers, 'utf8'))) {
    top = root;
    limit = (dir) => {
      // A v2 group's children get the cpu files only once their parent enables the controller for them.
      fs.writeFileSync(path.join(path.dirname(dir), 'cgroup.subtree_control'), '+cpu');
      if (quotaUs !== null) fs.writeFileSync(path.join(dir, 'cpu.max'), `${quotaUs} ${PERIOD_US}`);
      if (limits.highWeight) fs.writeFileSync(path.join(dir, 'cpu.weight'), String(100 * HIGH_WEIGHT));
    };
  } else {
    return { skipped: `no cgroup cpu controller under ${root}` };
  }
  const dir = path.join(within?.dir ?? top, name);
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
    group: {
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
        for (const pid of pids) fs.writeFileSync(path.join(path.dirname(dir), 'cgroup.procs'), pid);
        try {
          fs.rmdirSync(dir);
        } catch {
          // A group the kernel still counts a task in stays; an empty one is harmless.
        }
      },
    },
  };
}
