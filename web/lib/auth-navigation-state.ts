import { isSafeReturnPath } from '../../shared/accounts/return-path.ts';

/**
 * The navigation state that travels into and between the sign-in, sign-up and reset-password screens
 * (SPEC §2, §4). A card flow (overview's Share) sends `{cardId, templateImage, returnToCheckout}`; a protected
 * page sends `{returnTo}`. It lives in `lib/` because several features and routes write or read it.
 */
export interface AuthNavigationState {
  cardId?: string;
  templateImage?: string;
  returnToCheckout?: boolean;
  /** A same-origin path to go back to after signing in (a protected page). */
  returnTo?: string;
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max ? value : undefined;
}

/** Reads the state defensively: history state can hold anything (another app version, a hand-made entry). */
export function readAuthNavigationState(state: unknown): AuthNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const raw = state as Record<string, unknown>;
  const out: AuthNavigationState = {};
  const cardId = text(raw.cardId, 100);
  if (cardId) out.cardId = cardId;
  const templateImage = text(raw.templateImage, 2_000);
  if (templateImage) out.templateImage = templateImage;
  if (raw.returnToCheckout === true) out.returnToCheckout = true;
  const returnTo = safeReturnPath(raw.returnTo);
  if (returnTo) out.returnTo = returnTo;
  return out;
}

/**
 * A return path we may follow, by the server's rule (`isSafeReturnPath`: same-origin and relative once
 * normalised and decoded), given back normalised. Anything else gives null.
 */
export function safeReturnPath(value: unknown): string | null {
  if (!isSafeReturnPath(value)) return null;
  try {
    const base = 'https://winc.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
