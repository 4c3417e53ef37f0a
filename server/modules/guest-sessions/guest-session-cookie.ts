import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const GUEST_COOKIE = 'winc_guest';
/** A guest session lasts this long without use; using it (creating a card) renews it. */
const GUEST_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const GUEST_ID_PATTERN = /^guest_\d{10,16}_[A-Za-z0-9_-]{22,64}$/;

export type GuestSessionCookie = ReturnType<typeof createGuestSessionCookie>;

/** @fastify/cookie's parsing and signing, with the guest-cookie key as its secret. */
export type CookieTools = Pick<FastifyInstance, 'parseCookie' | 'signCookie' | 'unsignCookie'>;

/**
 * Server-issued guest sessions (DESIGN §1.3): an httpOnly, SameSite=Lax cookie holding
 * `guest_<timestamp>_<128 random bits, base64url>`, signed by @fastify/cookie under a key derived from the
 * auth secret. A client cannot claim a guest id it was not issued: without the signature the cookie is ignored.
 *
 * Cookies issued before @fastify/cookie signed them carry `id.<base64url HMAC-SHA256 of "guest:id">` under the
 * same key; they stay valid (a guest's drafts are bound to the id) and are re-issued in the new form the next
 * time the guest saves a card (docs/decisions/0027-route-declarations-and-cookies.md).
 */
export function createGuestSessionCookie(options: {
  cookies: CookieTools;
  key: Buffer;
  secure: boolean;
  now: () => Date;
}) {
  const { cookies, key, secure, now } = options;
  const attributes = { path: '/', sameSite: 'lax', httpOnly: true, secure } as const;

  function legacyId(value: string): string | null {
    const dot = value.lastIndexOf('.');
    const id = value.slice(0, dot);
    if (dot <= 0 || !GUEST_ID_PATTERN.test(id)) return null;
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(crypto.createHmac('sha256', key).update(`guest:${id}`).digest('base64url'));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
  }

  function verify(value: string | undefined): string | null {
    if (!value) return null;
    const unsigned = cookies.unsignCookie(value);
    if (unsigned.valid)
      return unsigned.value !== null && GUEST_ID_PATTERN.test(unsigned.value) ? unsigned.value : null;
    return legacyId(value);
  }

  return {
    /** A fresh guest id: `guest_<ms timestamp>_<random>`. */
    newId(): string {
      return `guest_${now().getTime()}_${crypto.randomBytes(16).toString('base64url')}`;
    },

    /** The caller's guest id, only when its signature is ours. */
    of(request: FastifyRequest): string | null {
      return verify(request.cookies[GUEST_COOKIE]);
    },

    /** The guest id of a Cookie header (as better-auth's hooks see the request), only when signed by us. */
    fromCookieHeader(cookieHeader: string | null | undefined): string | null {
      return cookieHeader ? verify(cookies.parseCookie(cookieHeader)[GUEST_COOKIE]) : null;
    },

    /** The caller's guest id, issuing (and setting) a new one when it has none; renews the cookie either way. */
    ensure(request: FastifyRequest, reply: FastifyReply): { guestSessionId: string; issued: boolean } {
      const current = this.of(request);
      const guestSessionId = current ?? this.newId();
      reply.setCookie(GUEST_COOKIE, guestSessionId, {
        ...attributes,
        signed: true,
        maxAge: GUEST_COOKIE_MAX_AGE_SECONDS,
      });
      return { guestSessionId, issued: current === null };
    },

    /** Ends the guest session in the browser (after its cards moved to a user). */
    clear(request: FastifyRequest, reply: FastifyReply): void {
      if (request.cookies[GUEST_COOKIE] === undefined) return;
      reply.clearCookie(GUEST_COOKIE, attributes);
    },

    /** For tests and tools: the cookie value for an id. */
    sign(id: string): string {
      return cookies.signCookie(id);
    },
  };
}
