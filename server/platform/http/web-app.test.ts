import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogApi } from '../../../shared/api-paths.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describeEachDatabase('HTTP platform', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const webDir = path.join(use().dataDir, 'web-build');
    fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), SCRIPT);
    // As the build leaves them: the same file compressed once, at the strongest settings.
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ({ app } = await buildTestApp(use(), { env: { WEB_DIST_DIR: webDir } }));
    app.get('/api/test/explode', async () => {
      throw new Error('database password is hunter2');
    });
    app.post('/api/test/echo', async (request) => request.body);
  });
  afterAll(() => app?.close());

  describe('the browser app', () => {
    it('serves index.html for any page path (history fallback), revalidated on every load', async () => {
      for (const url of ['/my-wincs', '/faqs?x=1', '/a/page/the/app/may/know']) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        // In the visitor's language (the default without the app's cookie).
        expect(response.body).toBe(INDEX.replace('<html>', '<html lang="en" dir="ltr">'));
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });

    it('serves / with the home answer and the lists in the page, so the first screen asks nothing more', async () => {
      const response = await app.inject('/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const data = /<script type="application\/json" id="winc-page-data">(.*?)<\/script>/s.exec(
        response.body,
      );
      const home = (await app.inject('/api/catalog/home')).json();
      const lists = (await app.inject(catalogApi.lists)).json();
      expect(JSON.parse(data?.[1] ?? 'null')).toEqual({ home, lists });
    });

    it("sends the build's brotli file to a browser that takes brotli", async () => {
      const response = await app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    });

    it('caches hashed assets forever and compresses them', async () => {
      const response = await app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-encoding']).toBe('gzip');
    });

    it('does not answer a missing asset with the page', async () => {
      const response = await app.inject('/assets/missing-123.js');
      expect(response.statusCode).toBe(404);
    });

    it('sends security headers: a CSP for our own origin, nosniff, no referrer to other sites, no framing', async () => {
      const response = await app.inject('/');
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).not.toMatch(/'unsafe-eval'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
    });
  });

  describe('errors', () => {
    it('hides the details of a server failure behind a stable code', async () => {
      const response = await app.inject('/api/test/explode');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'internal',
        message: 'Something went wrong. Please try again.',
      });
      expect(response.body).not.toContain('hunter2');
    });

    it('maps framework errors (malformed JSON) to a code', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation-failed' });
    });
  });
});
