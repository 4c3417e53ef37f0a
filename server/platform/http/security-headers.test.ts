import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

describe('security headers', () => {
  async function appWithRoutes() {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/plain', async () => ({ ok: true }));
    app.get('/replaced', async (_request, reply) =>
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin').send('ok'),
    );
    // Written past Fastify, as the resumable uploads' protocol handler does.
    app.get('/raw', async (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(204).end();
    });
    await app.ready();
    return app;
  }

  it('puts the policy on every answer, those written past Fastify too', async () => {
    const app = await appWithRoutes();
    for (const url of ['/plain', '/raw', '/unknown']) {
      const response = await app.inject(url);
      expect(response.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    await app.close();
  });

  it('lets a route replace one of them', async () => {
    const app = await appWithRoutes();
    const response = await app.inject('/replaced');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    await app.close();
  });
});
