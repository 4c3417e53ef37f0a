import { signerFactory } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountsApi } from '../../../shared/api-paths.ts';

export const KNOWN_DEVICE_COOKIE = 'winc_device';
/** A device stays known this long after its last sign-in (browsers keep a cookie at most 400 days). */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A shared device (a family tablet) is known for this many accounts, the latest signed-in first. */
const MAX_ACCOUNTS = 5;
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type KnownDevices = ReturnType<typeof createKnownDevices>;

/**
 * The "known device" cookie: set on every successful sign-in, it names the accounts that signed in on this
 * browser (`{issued ms}:{user id},{user id}…`), signed with its own key (HKDF from the auth secret), httpOnly,
 * SameSite=Lax, sent to /api/auth only, for a year. A sign-in from a device known to the account is not held
 * back by the account's failure budget, so many addresses guessing together cannot lock the owner out of
 * their own device (docs/decisions/0017-trust.md). It proves only that this browser signed into that account
 * before; every other limit still applies to it.
 */
export function createKnownDevices(options: { key: Buffer; secure: boolean; now: () => Date }) {
  const { secure, now } = options;
  const signer = signerFactory(options.key);

  /** The accounts a request's cookie vouches for: none without a valid, unexpired signature of ours. */
  function accountsOf(request: FastifyRequest): string[] {
    const raw = request.cookies[KNOWN_DEVICE_COOKIE];
    if (!raw) return [];
    const { valid, value } = signer.unsign(raw);
    if (!valid || value === null) return [];
    const [issued = '', list = ''] = value.split(':');
    const issuedAt = Number(issued);
    if (!Number.isSafeInteger(issuedAt) || now().getTime() - issuedAt > MAX_AGE_SECONDS * 1000) return [];
    return list.split(',').filter((id) => USER_ID.test(id));
  }

  return {
    /** Whether the request carries a valid cookie at all (so looking its account up is worth it). */
    vouchesForAny(request: FastifyRequest): boolean {
      return accountsOf(request).length > 0;
    },

    /** Whether this browser signed into the account `userId` before. */
    vouchesFor(request: FastifyRequest, userId: string): boolean {
      return accountsOf(request).includes(userId);
    },

    /** Remembers that the account `userId` signed in on this browser, renewing the cookie. */
    remember(request: FastifyRequest, reply: FastifyReply, userId: string): void {
      if (!USER_ID.test(userId)) return;
      const accounts = [userId, ...accountsOf(request).filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS);
      reply.setCookie(KNOWN_DEVICE_COOKIE, signer.sign(`${now().getTime()}:${accounts.join(',')}`), {
        // Only sign-in needs it.
        path: accountsApi.auth,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
}
