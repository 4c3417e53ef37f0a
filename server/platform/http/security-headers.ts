import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for every answer. The CSP fits the app: everything comes from our own origin (scripts,
 * styles, fonts, media), images may also come from https (templates imported with external URLs), blob:
 * and data: cover local previews. The referrer policy keeps share-link paths from leaking to other sites.
 * 'wasm-unsafe-eval' lets our own WebAssembly compile (the video compression's AAC encoder and ffmpeg.wasm,
 * docs/decisions/0008-video-compression.md) without allowing eval() or new Function() for JavaScript.
 */
const SECURITY_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
};

/**
 * The headers helmet sets for these options, read once by letting it answer a stand-in response: they are
 * the same for every answer (no per-request nonce), and building helmet's middleware per request, as its
 * Fastify plugin does, cost every request the parsing of the whole policy.
 */
export function securityHeaders(options: HelmetOptions = SECURITY_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
  });
  return headers;
}

/**
 * Every answer carries the security headers. They are set on the raw response, as helmet does, so answers
 * written past Fastify (the resumable uploads' protocol handler) carry them too; a route may still replace one.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = new Map(Object.entries(securityHeaders()));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeaders(headers);
    done();
  });
}
