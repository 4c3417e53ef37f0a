/**
 * Failures that say "a dependency is down or full for now", not "this request or our code is wrong": the
 * database unreachable or its connection cut, the object store refusing connections, the disk full. They are
 * answered `service-unavailable` (503: try again in a moment) instead of `internal`, because the same request
 * succeeds once the dependency is back, and a client (or a tus upload) should retry rather than give up.
 */

/** Node's codes for a connection that could not be made or was cut, and for a full disk or quota. */
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOSPC',
  'EDQUOT',
  // SQLite: the disk is full, or another writer held the database past busy_timeout.
  'SQLITE_FULL',
  'SQLITE_BUSY',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), and the server shutting down or starting up
 * (57P01 admin_shutdown, which pg_terminate_backend and `pg_ctl stop -m fast` send, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now), and too many connections (53300).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** node-postgres reports a cut connection without a code, only with these messages. */
const POSTGRES_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || error === null || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_SYSTEM_CODES.has(code) || isUnavailableSqlState(code))) {
    return true;
  }
  if (typeof message === 'string' && POSTGRES_CONNECTION_MESSAGES.some((text) => message.startsWith(text))) {
    return true;
  }
  // A refused connection to a name with several addresses (localhost: ::1 and 127.0.0.1) is an AggregateError.
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.every((inner) => isDependencyUnavailable(inner, depth + 1));
  }
  return isDependencyUnavailable(cause, depth + 1);
}
