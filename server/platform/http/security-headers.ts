import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every answer. The CSP fits the app: everything comes from our own origin (scripts,
 * styles, fonts, media), images may also come from https (templates imported with external URLs), blob:
 * and data: cover local previews. The referrer policy keeps share-link paths from leaking to other sites.
 * 'wasm-unsafe-eval' lets our own WebAssembly compile (the video compression's AAC encoder and ffmpeg.wasm,
 * docs/decisions/0008-video-compression.md) without allowing eval() or new Function() for JavaScript.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
}
