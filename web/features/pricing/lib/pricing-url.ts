import type { BillingCycle } from '../../../../shared/payments/plans.ts';

/**
 * The query of /pricing: `cycle=bulk` keeps the chosen tab across a sign-in, and `success=true` is where a
 * finished purchase lands (SPEC §2). The success URL only shows the modal; the server alone grants credits.
 */

/** The cycle asked for in the URL, or null to let the page choose (the cycle of the plan the user holds). */
export function cycleFromSearch(params: URLSearchParams): BillingCycle | null {
  const value = params.get('cycle');
  return value === 'monthly' || value === 'bulk' ? value : null;
}

/** True when the visit is the return from a completed purchase. */
export function isPurchaseSuccess(params: URLSearchParams): boolean {
  return params.get('success') === 'true';
}

/**
 * The in-app path of a checkout URL when it points at this site (the built-in test checkout), so the app can
 * open it without a page load; null for any other site (Stripe's hosted page), which gets a real navigation.
 */
export function inAppPath(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return null;
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return null;
  }
}
