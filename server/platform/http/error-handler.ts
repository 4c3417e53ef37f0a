import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../../shared/errors.ts';
import { AppError, defaultMessage } from './app-error.ts';
import { isDependencyUnavailable } from './dependency-errors.ts';

/** Fastify's own errors (bad JSON, body too large, …) mapped to our stable codes by status. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation-failed';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 405:
      return 'method-not-allowed';
    case 413:
      return 'payload-too-large';
    case 415:
      return 'unsupported-media-type';
    case 429:
      return 'rate-limited';
    case 503:
      return 'service-unavailable';
    default:
      return 'internal';
  }
}

/** A request that its route's contract refused: each issue with its dotted field path, as zod names it. */
function contractFailure(issues: readonly { instancePath: string; message?: string }[]): AppError {
  return new AppError(
    'validation-failed',
    undefined,
    issues.map((issue) => ({
      path: issue.instancePath.slice(1).replaceAll('/', '.'),
      message: issue.message,
    })),
  );
}

/**
 * The codes whose details the client shows: the fields a validation refused, the rows of a guest list, the
 * guest limit that was reached.
 */
const DETAILED_CODES: ReadonlySet<ErrorCode> = new Set([
  'validation-failed',
  'guest-list-invalid',
  'guest-limit-reached',
]);

/**
 * One error answer for the whole API: `{code, message}` (plus `details` for validation). Server-side failures
 * are logged with their stack and answered with a generic message, never with their details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((failure: FastifyError | AppError, request, reply) => {
    const error = hasZodFastifySchemaValidationErrors(failure)
      ? contractFailure(failure.validation)
      : failure;
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      const body: Record<string, unknown> = { code: error.code, message: error.message };
      if (error.details !== undefined && DETAILED_CODES.has(error.code)) body.details = error.details;
      const retryAfter = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (error.statusCode === 429 && retryAfter) reply.header('Retry-After', String(retryAfter));
      return reply.status(error.statusCode).send(body);
    }
    if (isDependencyUnavailable(error)) {
      request.log.warn({ err: error }, 'a dependency is unavailable');
      return reply
        .status(503)
        .send({ code: 'service-unavailable', message: defaultMessage('service-unavailable') });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    const code = codeForStatus(status);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status === 503 ? 503 : 500).send({ code, message: defaultMessage(code) });
    }
    return reply.status(status).send({ code, message: defaultMessage(code) });
  });
}
