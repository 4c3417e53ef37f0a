import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const VIEWER_COOKIE = 'winc_viewer';
/** A device stays the same viewer for a year: reopening the card next month is not a new view. */
const VIEWER_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const VIEWER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export type ViewerCookie = ReturnType<typeof createViewerCookie>;

/** The viewer cookie's attributes, for a reply that sets it and for one written past Fastify (tus). */
export function viewerCookieOptions(secure: boolean) {
  return {
    path: '/',
    maxAge: VIEWER_COOKIE_MAX_AGE_SECONDS,
    sameSite: 'lax' as const,
    httpOnly: true,
    secure,
  };
}

/**
 * Which device opens a shared card (DESIGN §1.7: a view is a distinct device, not a reload): an httpOnly,
 * SameSite=Lax cookie with 128 random bits. It needs no signature: an id means something only once the
 * server has seen it open a card, and another device's id cannot be guessed.
 */
export function createViewerCookie(options: { secure: boolean }) {
  return {
    /** This device's viewer id, if it has one. */
    read(request: FastifyRequest): string | null {
      const value = request.cookies[VIEWER_COOKIE];
      return value && VIEWER_ID_PATTERN.test(value) ? value : null;
    },

    /** This device's viewer id, issuing one (and setting the cookie) when it has none. */
    ensure(request: FastifyRequest, reply: FastifyReply): string {
      const current = this.read(request);
      if (current) return current;
      const id = crypto.randomBytes(16).toString('base64url');
      reply.setCookie(VIEWER_COOKIE, id, viewerCookieOptions(options.secure));
      return id;
    },
  };
}
