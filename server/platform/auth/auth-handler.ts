import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, defaultMessage } from '../http/app-error.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { Auth } from './auth.ts';
import { errorCodeForAuthError } from './auth-errors.ts';
import { AUTH_RATE_LIMITS } from './auth-rate-limits.ts';
import { copyFetchResponse, toFetchRequest } from './auth-request.ts';
import { isSafeReturnPath, RETURN_PATH_FIELDS } from '../../../shared/accounts/return-path.ts';
import { INVALID_CHARACTERS, isWellFormedText } from '../../../shared/text/names.ts';
import type { KnownDevices } from './known-device.ts';
import { createPasswordAttempts } from './password-attempts.ts';
import { accountsApi } from '../../../shared/api-paths.ts';

const AUTH_PREFIX = accountsApi.auth;
const AUTH_BODY_LIMIT = 64 * 1024;

export interface AuthHandlerOptions {
  auth: Auth;
  rateLimiter: RateLimiter;
  /** The known-device cookie: set at every sign-in, it lets the owner past their account's failure budget. */
  knownDevices: KnownDevices;
  /** Called when an answer signs a browser in (sets a session cookie), e.g. to end the guest session. */
  onSignedIn?(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * The request body as an object, when it is JSON or a form (for the rate-limit keys, the password rule and
 * return paths). It is read as better-auth reads it (media type compared without case or parameters, a
 * leading byte-order mark dropped as Fetch's text decoding does), so a body never means one thing to our
 * checks and another to better-auth.
 */
function readFields(request: FastifyRequest, raw: Buffer | undefined): Record<string, unknown> {
  if (!raw || raw.length === 0) return {};
  const type = String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .split(';')[0]
    ?.trim();
  try {
    if (type === 'application/json') {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(raw));
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
    }
    if (type === 'application/x-www-form-urlencoded') {
      return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    }
  } catch {
    // better-auth answers malformed bodies itself.
  }
  return {};
}

/**
 * The better-auth endpoint a request reaches. better-auth routes by the URL's normalised pathname
 * ("/api/auth/x/../sign-in/email" is sign-in), so the rate limits are looked up by the same one.
 */
function authPath(url: string): string {
  const { pathname } = new URL(`http://winc.invalid${url}`);
  return pathname.slice(AUTH_PREFIX.length) || '/';
}

/**
 * Refuses any redirect target that is not a same-origin relative path, in the body or in the query. The query
 * is read from the URL as better-auth reads it, every repetition of a name included.
 */
function assertReturnPaths(fields: Record<string, unknown>, url: string): void {
  const query = new URL(`http://winc.invalid${url}`).searchParams;
  for (const field of RETURN_PATH_FIELDS) {
    const values = [...(fields[field] === undefined ? [] : [fields[field]]), ...query.getAll(field)];
    if (values.some((value) => !isSafeReturnPath(value))) {
      throw new AppError('validation-failed', 'Return paths must be relative paths on this site.', [
        { path: field, message: 'must be a relative path on this site' },
      ]);
    }
  }
}

/** The dotted paths of the strings in a request's fields that are not text. */
function notTextPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return isWellFormedText(value) ? [] : [path.join('.')];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => notTextPaths(child, [...path, key]));
}

/**
 * Refuses a request carrying a string that is not text (NUL, a lone surrogate), in the body or the query,
 * before anything reads it: the text rule of shared/text/names.ts, on endpoints whose contracts are
 * better-auth's. A password is refused too, though only ever hashed: every lone surrogate reaches the hash as
 * the same U+FFFD.
 */
function assertTextFields(fields: Record<string, unknown>, url: string): void {
  const query = Object.fromEntries(new URL(`http://winc.invalid${url}`).searchParams);
  const paths = [...new Set([...notTextPaths(fields), ...notTextPaths(query)])];
  if (paths.length > 0) {
    throw new AppError(
      'validation-failed',
      undefined,
      paths.map((path) => ({ path, message: INVALID_CHARACTERS })),
    );
  }
}

/**
 * Mounts better-auth on /api/auth/*: the text rule, our rate limits and return-path rule first, then the
 * Fastify request becomes a Fetch Request (raw body, client IP from request.ip), and better-auth's answer is
 * copied back (status, headers, every Set-Cookie). Error answers get our stable `code` (better-auth's stays in `authCode`).
 */
export async function registerAuthHandler(app: FastifyInstance, options: AuthHandlerOptions): Promise<void> {
  const { auth, rateLimiter, knownDevices } = options;
  const context = await auth.$context;
  const sessionCookie = context.authCookies.sessionToken.name;
  const passwordAttempts = await createPasswordAttempts({ auth, rateLimiter, knownDevices });

  /** The user a new session cookie in better-auth's answer belongs to. */
  async function signedInUser(response: Response): Promise<string | null> {
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.startsWith(`${sessionCookie}=`) && !value.startsWith(`${sessionCookie}=;`));
    if (!cookie) return null;
    const signed = decodeURIComponent(cookie.slice(sessionCookie.length + 1).split(';')[0] ?? '');
    const token = signed.slice(0, signed.lastIndexOf('.'));
    if (!token) return null;
    const found = await context.internalAdapter.findSession(token);
    return found?.user.id ?? null;
  }

  await app.register(async (scope) => {
    // better-auth reads the body itself: keep every body raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_PREFIX}/*`,
      handler: async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
        const fields = readFields(request, raw);
        assertTextFields(fields, request.url);
        assertReturnPaths(fields, request.url);

        const path = authPath(request.url);
        if (request.method === 'POST') {
          // zxcvbn's dictionaries (half a megabyte of code) load with the first sign-up or sign-in.
          const { assertNewPasswordStrong } = await import('./password-strength.ts');
          assertNewPasswordStrong(path, fields);
        }
        const limits = request.method === 'POST' ? AUTH_RATE_LIMITS[path] : undefined;
        const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
        if (limits) {
          await rateLimiter.consume(`auth:${path}:ip:${request.ip}`, limits.perIp);
          if (limits.perEmail && email)
            await rateLimiter.consume(`auth:${path}:email:${email}`, limits.perEmail);
        }
        const password =
          request.method === 'POST' ? await passwordAttempts.begin(request, path, email) : null;

        let response: Response;
        try {
          response = await auth.handler(toFetchRequest(request, raw));
        } catch (error) {
          await password?.attempt.settle(false);
          throw error;
        }
        const body = await copyFetchResponse(response, reply);
        let parsed: { code?: unknown; message?: unknown } = {};
        if (
          response.status >= 400 &&
          String(response.headers.get('content-type')).includes('application/json')
        ) {
          try {
            parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
          } catch {
            // keep the empty object
          }
        }
        const authCode = typeof parsed.code === 'string' ? parsed.code : undefined;
        await password?.attempt.settle(password.wrong(response.status, authCode));

        const userId = await signedInUser(response);
        if (userId) {
          options.onSignedIn?.(request, reply);
          knownDevices.remember(request, reply, userId);
        }

        // Every error answer is ours, also better-auth's bodiless ones (an unknown path is a bare 404).
        if (response.status >= 400) {
          const code = errorCodeForAuthError(response.status, authCode);
          const status = code === 'user-disabled' ? 403 : response.status;
          const message =
            code === 'validation-failed' && typeof parsed.message === 'string'
              ? parsed.message
              : defaultMessage(code);
          return reply
            .status(status)
            .type('application/json')
            .send({ code, message, ...(authCode ? { authCode } : {}) });
        }
        return reply.send(body.length > 0 ? body : undefined);
      },
    });
  });
}
