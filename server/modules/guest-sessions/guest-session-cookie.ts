import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendSetCookies } from '../../platform/auth/auth-request.ts';
import { expiredCookie, readCookie, serializeCookie } from '../../platform/auth/cookies.ts';

export const GUEST_COOKIE = 'winc_guest';
/** A guest session lasts this long without use; using it (creating a card) renews it. */
const GUEST_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const GUEST_ID_PATTERN = /^guest_\d{10,16}_[A-Za-z0-9_-]{22,64}$/;

export type GuestSessionCookie = ReturnType<typeof createGuestSessionCookie>;

/**
 * Server-issued guest sessions (DESIGN §1.3): an httpOnly, SameSite=Lax cookie `id.signature` holding
 * `guest_<timestamp>_<128 random bits, base64url>` and its HMAC-SHA256 under a key derived from the auth
 * secret. A client cannot claim a guest id it was not issued: without the signature the cookie is ignored.
 */
export function createGuestSessionCookie(options: { key: Buffer; secure: boolean; now: () => Date }) {
  const { key, secure, now } = options;

  const signatureOf = (id: string) =>
    crypto.createHmac('sha256', key).update(`guest:${id}`).digest('base64url');

  function verify(value: string | null): string | null {
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = value.slice(0, dot);
    if (!GUEST_ID_PATTERN.test(id)) return null;
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(signatureOf(id));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
  }

  function write(reply: FastifyReply, id: string): void {
    appendSetCookies(reply, [
      serializeCookie(GUEST_COOKIE, `${id}.${signatureOf(id)}`, {
        maxAgeSeconds: GUEST_COOKIE_MAX_AGE_SECONDS,
        secure,
      }),
    ]);
  }

  return {
    /** A fresh guest id: `guest_<ms timestamp>_<random>`. */
    newId(): string {
      return `guest_${now().getTime()}_${crypto.randomBytes(16).toString('base64url')}`;
    },

    /** The guest id of a Cookie header, only when its signature is ours. */
    fromCookieHeader(cookieHeader: string | null | undefined): string | null {
      return verify(readCookie(cookieHeader, GUEST_COOKIE));
    },

    /** The caller's guest id, issuing (and setting) a new one when it has none; renews the cookie either way. */
    ensure(request: FastifyRequest, reply: FastifyReply): { guestSessionId: string; issued: boolean } {
      const current = this.fromCookieHeader(request.headers.cookie);
      const guestSessionId = current ?? this.newId();
      write(reply, guestSessionId);
      return { guestSessionId, issued: current === null };
    },

    /** Ends the guest session in the browser (after its cards moved to a user). */
    clear(request: FastifyRequest, reply: FastifyReply): void {
      if (readCookie(request.headers.cookie, GUEST_COOKIE) === null) return;
      appendSetCookies(reply, [expiredCookie(GUEST_COOKIE, secure)]);
    },

    /** For tests and tools: the cookie value for an id. */
    sign(id: string): string {
      return `${id}.${signatureOf(id)}`;
    },
  };
}
