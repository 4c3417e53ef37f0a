import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
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

/** The port the server logged once it listens. */
async function portOf(server: ReturnType<typeof startServer>): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < 20_000) {
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes('Winc is running'));
    if (line) return (JSON.parse(line) as { port: number }).port;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** Signs up over HTTP and opens the verification link the server logged; answers the session's Cookie header. */
async function signUpOverHttp(server: ReturnType<typeof startServer>, base: string): Promise<string> {
  const email = `shutdown-${Date.now()}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Shut Down', email, password: 'correct horse battery' }),
  });
  expect(signUp.status, await signUp.text()).toBe(200);
  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt += 1) {
    link = server
      .output()
      .split('\n')
      .filter((line) => line.includes(email))
      .map((line) => (JSON.parse(line) as { links?: string[] }).links?.[0])
      .find((found) => found !== undefined);
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(link, server.output()).toBeDefined();
  const url = new URL(link!);
  // Opened where the sign-up was made (its cookie), the link signs in; elsewhere it asks for the password.
  const signedUpHere = signUp.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const verify = await fetch(`${base}${url.pathname}${url.search}`, {
    redirect: 'manual',
    headers: { cookie: signedUpHere },
  });
  expect(verify.status).toBe(302);
  return verify.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('the server process', () => {
  it('logs JSON, serves, and shuts down cleanly on SIGTERM', async () => {
    const server = startServer({ LOG_LEVEL: 'info' });
    const port = await portOf(server);
    expect(port, server.output()).toBeTypeOf('number');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server.output().trim().split('\n');
    expect(lines.every((line) => JSON.parse(line).level !== undefined)).toBe(true);
    expect(lines.some((line) => JSON.parse(line).msg === 'shutting down')).toBe(true);
  });

  it('stops at once on SIGTERM with a live stream open, and still answers a request in flight', async () => {
    const server = startServer({ LOG_LEVEL: 'info' });
    const port = await portOf(server);
    expect(port, server.output()).toBeTypeOf('number');
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signUpOverHttp(server, base);

    const events = await fetch(`${base}/api/me/events`, { headers: { cookie } });
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = events.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('retry: 3000');

    // A slow request: its headers and half its body are in before SIGTERM, the rest comes after.
    const body = JSON.stringify({ name: 'Still Answered' });
    const slow = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${base}/api/me`, {
        method: 'PATCH',
        headers: {
          origin: base,
          cookie,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 1000);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // The live stream ends instead of holding the server open.
    let ended = false;
    while (!ended) ended = (await reader.read()).done;
    const answer = await slow;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).user.name).toBe('Still Answered');
    expect(await server.exited).toBe(0);
    // It used to wait for its 10 s grace period and exit with 1.
    expect(Date.now() - signalled).toBeLessThan(3000);
  });

  it('stops at once on SIGTERM when an answer under way finishes after it, on a connection kept alive', async () => {
    const server = startServer({ LOG_LEVEL: 'info' });
    const port = await portOf(server);
    expect(port, server.output()).toBeTypeOf('number');
    const agent = new http.Agent({ keepAlive: true });
    try {
      // A 7 MB file read slowly: its headers are out long before the last byte, which comes after SIGTERM.
      const download = new Promise<{ status: number; bytes: number }>((resolve, reject) => {
        http
          .get(`http://127.0.0.1:${port}/vendor/face/models/faceres.bin`, { agent }, (response) => {
            let bytes = 0;
            response.pause();
            setTimeout(() => response.resume(), 500);
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
            response.on('error', reject);
          })
          .on('error', reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const answer = await download;
      expect(answer.status).toBe(200);
      expect(answer.bytes).toBeGreaterThan(1_000_000);
      expect(await server.exited).toBe(0);
      // The connection, idle once the file was sent, used to keep the server until its 10 s grace period.
      expect(Date.now() - signalled).toBeLessThan(3000);
    } finally {
      agent.destroy();
    }
  });

  it('answers /api/ready 503 from the moment SIGTERM arrives, serving requests for SHUTDOWN_DRAIN_SECONDS', async () => {
    const server = startServer({ LOG_LEVEL: 'info', SHUTDOWN_DRAIN_SECONDS: '2' });
    const port = await portOf(server);
    expect(port, server.output()).toBeTypeOf('number');
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // The proxy's next check sees 503 at once; ordinary requests are still answered meanwhile.
    let ready = await fetch(`${base}/api/ready`);
    while (ready.status === 200 && Date.now() - signalled < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ready = await fetch(`${base}/api/ready`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'stopping' });
    const stillServed = await fetch(`${base}/api/config`);
    expect(stillServed.status).toBe(200);
    expect(Date.now() - signalled).toBeLessThan(1500);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
  });

  it('refuses to start with a bad setting and says which one', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('PORT="eighty": must be a port number');
  });
});
