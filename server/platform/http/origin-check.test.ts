import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

describeEachDatabase('cross-site request check', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: 'https://winc.example' } }));
    app.post('/api/test/change', async () => ({ changed: true }));
  });
  afterAll(() => app?.close());

  const post = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/test/change', headers, payload: {} });

  it('accepts state changes from our own origin and from clients that send no browser headers', async () => {
    expect((await post({ origin: 'https://winc.example' })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
  });

  it('refuses state changes from another origin', async () => {
    const response = await post({ origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden-origin' });
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('leaves reads alone', async () => {
    const response = await app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });
});
