import { ApiRequestError } from '../../../lib/api-client.ts';

/** True when the server says the session is gone: the purchase then goes through sign-in again. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.code === 'unauthenticated' || error.status === 401);
}

/** True for "no such order, or not yours" (one answer, DESIGN §5). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.code === 'not-found' || error.status === 404);
}
