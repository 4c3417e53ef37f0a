import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createShutdownState, type ShutdownState } from '../../platform/http/graceful-shutdown.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

describeEachDatabase('health and readiness', (use) => {
  let app: FastifyInstance;
  let storageDir: string;
  let shutdown: ShutdownState;

  beforeAll(async () => {
    shutdown = createShutdownState();
    const built = await buildTestApp(use(), { shutdown });
    app = built.app;
    storageDir = built.config.storageDir;
  });
  afterAll(async () => {
    await app.close();
  });

  it('/api/health says the process answers, without asking the database', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/api/ready is 200 while the database answers and the storage takes writes', async () => {
    const response = await app.inject('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
    // The probe leaves nothing behind in the storage.
    expect(fs.readdirSync(storageDir).filter((name) => name.startsWith('.probe-'))).toEqual([]);
  });

  it('/api/ready is 503 while the storage cannot be written, and 200 again once it can', async () => {
    // A file where the storage folder should be: every write under it fails, even for root.
    fs.rmSync(storageDir, { recursive: true, force: true });
    fs.writeFileSync(storageDir, 'not a folder');
    try {
      const response = await app.inject('/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unavailable' });
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      fs.rmSync(storageDir, { force: true });
    }
    expect((await app.inject('/api/ready')).statusCode).toBe(200);
  });

  it('/api/ready is 503 once shutdown has begun, while liveness stays 200', async () => {
    shutdown.begin();
    const response = await app.inject('/api/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'stopping' });
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });
});
