import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO_CATALOG: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('logs JSON, serves, and shuts down cleanly on SIGTERM', async () => {
    const server = startServer({ LOG_LEVEL: 'info' });
    const started = Date.now();
    let port: number | undefined;
    while (!port && Date.now() - started < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('Winc is running'));
      if (line) port = JSON.parse(line).port;
    }
    expect(port, server.output()).toBeTypeOf('number');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'sqlite' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server.output().trim().split('\n');
    expect(lines.every((line) => JSON.parse(line).level !== undefined)).toBe(true);
    expect(lines.some((line) => JSON.parse(line).msg === 'shutting down')).toBe(true);
  });

  it('refuses to start with a bad setting and says which one', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('PORT="eighty": must be a port number');
  });
});
