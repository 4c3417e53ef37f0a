import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';

/** Structured JSON logs (pino). Secrets in headers never reach the log. */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
}
