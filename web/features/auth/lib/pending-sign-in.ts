import { readAuthNavigationState, type AuthNavigationState } from '../../../lib/auth-navigation-state.ts';

/**
 * The state of a sign-in that leaves the page (Google's full redirect): the card being paid for and where to
 * go afterwards (SPEC §3 Device-stored values). Kept in sessionStorage, so it belongs to this tab only, and
 * dropped when older than the sign-in could take.
 */

const STORAGE_KEY = 'winc-pending-signin';
const MAX_AGE_MS = 30 * 60_000;

export function savePendingSignIn(state: AuthNavigationState): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...state, savedAt: Date.now() }));
  } catch {
    // Storage blocked: the sign-in still works, only the card is not carried over.
  }
}

/** Reads and removes the pending state. */
export function takePendingSignIn(): AuthNavigationState | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { savedAt?: unknown };
    if (typeof parsed.savedAt !== 'number' || Date.now() - parsed.savedAt > MAX_AGE_MS) return null;
    return readAuthNavigationState(parsed);
  } catch {
    return null;
  }
}
