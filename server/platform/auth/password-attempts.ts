import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from './auth-request.ts';
import type { KnownDevices } from './known-device.ts';
import { beginPasswordRecheck, beginSignInAttempt, type PasswordAttempt } from './sign-in-throttle.ts';

const SIGN_IN_PATH = '/sign-in/email';
const CHANGE_PASSWORD_PATH = '/change-password';

/** An attempt at a password being counted, and how better-auth's answer says the password was wrong. */
export interface CountedPasswordAttempt {
  attempt: PasswordAttempt;
  wrong(status: number, authCode: string | undefined): boolean;
}

/**
 * The better-auth endpoints that check a password, for the bridge: sign-in (throttled per account and
 * address, the known device past the account's budget) and change-password's current password (throttled
 * per session and account, like every re-check of a signed-in user's password). Only wrong passwords spend.
 */
export async function createPasswordAttempts(deps: {
  auth: Auth;
  rateLimiter: RateLimiter;
  knownDevices: KnownDevices;
}) {
  const { auth, rateLimiter, knownDevices } = deps;
  const context = await auth.$context;

  /** Whether the request's known-device cookie vouches for the account of `email`. */
  async function knownDeviceFor(request: FastifyRequest, email: string): Promise<boolean> {
    if (!knownDevices.vouchesForAny(request)) return false;
    const found = await context.internalAdapter.findUserByEmail(email);
    return found !== null && knownDevices.vouchesFor(request, found.user.id);
  }

  return {
    /** Counts the request's attempt when `path` checks a password; null when it does not. */
    async begin(
      request: FastifyRequest,
      path: string,
      email: string,
    ): Promise<CountedPasswordAttempt | null> {
      if (path === SIGN_IN_PATH && email) {
        const knownDevice = await knownDeviceFor(request, email);
        return {
          attempt: await beginSignInAttempt(rateLimiter, email, request.ip, { knownDevice }),
          // 401 for a wrong email or password, whichever it was; anything else was no guess.
          wrong: (status) => status === 401,
        };
      }
      if (path === CHANGE_PASSWORD_PATH) {
        const signedIn = await auth.api.getSession({
          headers: toFetchHeaders(request),
          query: { disableRefresh: true },
        });
        // Signed out: better-auth refuses it before looking at any password.
        if (!signedIn) return null;
        const session = { sessionId: signedIn.session.id, userId: signedIn.user.id };
        return {
          attempt: await beginPasswordRecheck(rateLimiter, session),
          wrong: (_status, authCode) => authCode === 'INVALID_PASSWORD',
        };
      }
      return null;
    },
  };
}

export type PasswordChecks = Awaited<ReturnType<typeof createPasswordChecks>>;

/**
 * A signed-in user's password, checked for our own routes (deleting the account) with better-auth's hashing,
 * under the same per-session and per-account throttle as change-password.
 */
export async function createPasswordChecks(deps: { auth: Auth; rateLimiter: RateLimiter }) {
  const { rateLimiter } = deps;
  const context = await deps.auth.$context;
  const passwordHashOf = async (userId: string) =>
    (await context.internalAdapter.findCredentialAccount(userId))?.password ?? null;

  return {
    /** Whether the account has a password at all (an account made with Google has none). */
    async hasPassword(userId: string): Promise<boolean> {
      return (await passwordHashOf(userId)) !== null;
    },

    /**
     * Whether `password` is the user's. A wrong one spends the session's and the account's budgets; once
     * they are spent this fails with `too-many-password-attempts` without trying.
     */
    async matches(session: { sessionId: string; userId: string }, password: string): Promise<boolean> {
      const hash = await passwordHashOf(session.userId);
      if (hash === null) return false;
      const attempt = await beginPasswordRecheck(rateLimiter, session);
      let matched: boolean;
      try {
        matched = await context.password.verify({ hash, password });
      } catch (error) {
        await attempt.settle(false);
        throw error;
      }
      await attempt.settle(!matched);
      return matched;
    },
  };
}
