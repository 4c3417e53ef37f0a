import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real load balancer in front of several server instances, for the tests and benchmarks of "any request can
 * go to any instance": Debian's HAProxy, round robin, no stickiness of any kind (no cookie, no source hash).
 * Each answer says which instance sent it (`X-Served-By`: the backend's name). Found on the PATH (or in
 * /usr/sbin), else installed with apt-get when running as root, as the browser tests install Chromium.
 */

export interface ProxyBackend {
  /** The name X-Served-By carries. */
  name: string;
  port: number;
}

export interface RoundRobinProxy {
  /** http://127.0.0.1:{port} */
  url: string;
  close(): Promise<void>;
}

export const SERVED_BY_HEADER = 'x-served-by';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findHaproxy(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  const found = onPath.status === 0 ? onPath.stdout.trim() : '';
  if (found && isExecutable(found)) return found;
  return ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find(isExecutable) ?? null;
}

/**
 * HAProxy's path, installing Debian's package when we may (root with apt-get); else why it cannot be had.
 * No stand-in: a proxy of our own would only prove that our own code agrees with itself.
 */
export function findOrInstallHaproxy(): { path: string } | { missing: string } {
  const found = findHaproxy();
  if (found) return { path: found };
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    return {
      missing:
        'HAProxy is not installed and cannot be installed here (that needs root and apt-get): ' +
        'apt-get install haproxy',
    };
  }
  const command = 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy';
  console.log(`[proxy] no HAProxy found; installing Debian's package: ${command}`);
  try {
    execFileSync('sh', ['-c', command], { stdio: 'inherit' });
  } catch (error) {
    return { missing: `installing HAProxy failed (${String(error)})` };
  }
  const installed = findHaproxy();
  return installed ? { path: installed } : { missing: 'apt-get finished, but still no haproxy executable' };
}

function haproxyConfig(port: number, backends: ProxyBackend[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    // Long enough for a slow upload and for live event streams between their heartbeats.
    '  timeout client 5m',
    '  timeout server 5m',
    '  option forwardfor',
    // Without it HAProxy holds small pieces of a response back (~200 ms) hoping for more: live events wait.
    '  option http-no-delay',
    // A request whose connection to a stopped instance failed goes to another one; one that reached an
    // instance is never sent twice.
    '  option redispatch',
    '  retries 3',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    // Readiness: an instance whose database or storage is down, or that has begun to stop, is out within a
    // second; a busy one is not taken out for one slow answer (a lone instance marked down would turn every
    // request into a 503).
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    '  timeout check 5s',
    `  http-response set-header X-Served-By %[srv_name]`,
    ...backends.map(
      (backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check inter 300ms fall 3 rise 2`,
    ),
    '',
  ].join('\n');
}

/**
 * Starts HAProxy on `port` in front of `backends` (which must answer /api/health already) and waits until it
 * sends requests to each of them.
 */
export async function startRoundRobinProxy(port: number, backends: ProxyBackend[]): Promise<RoundRobinProxy> {
  const found = findOrInstallHaproxy();
  if ('missing' in found) throw new Error(`[proxy] ${found.missing}`);
  const haproxy = found.path;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'winc-haproxy-'));
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(port, backends));
  const child: ChildProcess = spawn(haproxy, ['-f', configFile, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-10_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const close = async () => {
    process.off('exit', killOnExit);
    if (!exited) child.kill('SIGTERM');
    await exit;
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const seen = new Set<string>();
  const deadline = Date.now() + 20_000;
  while (seen.size < backends.length) {
    if (exited) throw new Error(`HAProxy exited:\n${output}`);
    if (Date.now() > deadline) {
      await close();
      throw new Error(`HAProxy did not reach every instance (reached: ${[...seen].join(', ')}):\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      const servedBy = response.headers.get(SERVED_BY_HEADER);
      if (response.status === 200 && servedBy) seen.add(servedBy);
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, close };
}
