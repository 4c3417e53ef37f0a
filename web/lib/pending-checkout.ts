import { readAuthNavigationState } from './auth-navigation-state.ts';

/**
 * The card a member was paying for when they went to buy credits (checkout's 'Buy Packages'). An unpaid card
 * is listed nowhere (My WINCS shows paid cards), so after the purchase — back from Stripe's page or the
 * test-mode one, which keep no navigation state — the success modal offers the way back to it. Kept in
 * sessionStorage: this tab only, dropped after a while.
 */

const STORAGE_KEY = 'winc-pending-checkout';
const MAX_AGE_MS = 2 * 60 * 60_000;

export interface PendingCheckout {
  cardId: string;
  templateImage?: string;
}

export function rememberCheckoutCard(card: PendingCheckout): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...card, savedAt: Date.now() }));
  } catch {
    // Storage blocked: the purchase still works, only the shortcut back to the card is missing.
  }
}

/** The remembered card, or null (none, too old, or unreadable). */
export function pendingCheckoutCard(): PendingCheckout | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { savedAt?: unknown };
    if (typeof parsed.savedAt !== 'number' || Date.now() - parsed.savedAt > MAX_AGE_MS) return null;
    const { cardId, templateImage } = readAuthNavigationState(parsed);
    return cardId ? { cardId, ...(templateImage ? { templateImage } : {}) } : null;
  } catch {
    return null;
  }
}

export function forgetCheckoutCard(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
