/**
 * Every in-app URL, built in one place. Catalog names in URLs are always the canonical (English) names;
 * the router decodes them again, so `category('New Drops')` → `/category/New%20Drops` → param 'New Drops'.
 */

/** Route patterns for the router. */
export const routePatterns = {
  home: '/',
  category: '/category/:categoryName',
  style: '/style/:styleName',
  overview: '/overview/:cardId',
  signin: '/signin',
  signup: '/signup',
  resetPassword: '/reset-password',
  /** Where a verification link opened in another browser asks for the password (docs/decisions/0017). */
  choosePassword: '/choose-password',
  checkout: '/checkout',
  profile: '/profile',
  myWincs: '/my-wincs',
  /** An invitation's guests (DESIGN §1.20), for its host. */
  guestList: '/my-wincs/:cardId/guests',
  accountInfo: '/account-info',
  help: '/help',
  faqs: '/faqs',
  pricing: '/pricing',
  /** The built-in test-mode checkout of one order (DESIGN §1.10), when the server has no Stripe. */
  testCheckout: '/test-checkout/:orderId',
  /** The local development mailbox (only when the server keeps mail in its outbox). */
  mailbox: '/mailbox',
  /** The catalog admin area (DESIGN §1.16), for admins only. */
  admin: '/admin',
} as const;

type SearchValues = Record<string, string | null | undefined>;

/** `?a=1&b=2` from the non-empty values, in the given order; '' when there are none. */
export function toSearch(values: SearchValues = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const trimmed = value?.trim();
    if (trimmed) params.set(key, trimmed);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const paths = {
  /** Home; `q` searches, `event` is an event id. */
  home: (search: { q?: string | null; event?: string | null } = {}) => `/${toSearch(search)}`,
  /** A category page; `name` is a canonical category name or 'New Drops' / 'Based on Rank'. */
  category: (name: string, search: { q?: string | null; style?: string | null } = {}) =>
    `/category/${encodeURIComponent(name)}${toSearch(search)}`,
  /** A style page by canonical style name. */
  style: (name: string, search: { q?: string | null; category?: string | null } = {}) =>
    `/style/${encodeURIComponent(name)}${toSearch(search)}`,
  overview: (cardId: string) => `/overview/${encodeURIComponent(cardId)}`,
  signin: () => routePatterns.signin,
  signup: () => routePatterns.signup,
  resetPassword: () => routePatterns.resetPassword,
  choosePassword: () => routePatterns.choosePassword,
  checkout: () => routePatterns.checkout,
  profile: () => routePatterns.profile,
  myWincs: () => routePatterns.myWincs,
  guestList: (cardId: string) => `/my-wincs/${encodeURIComponent(cardId)}/guests`,
  accountInfo: () => routePatterns.accountInfo,
  help: () => routePatterns.help,
  faqs: () => routePatterns.faqs,
  /** The plans; `cycle` picks the tab, `success=true` is where a finished purchase lands (SPEC §2). */
  pricing: (search: { cycle?: 'monthly' | 'bulk' | null; success?: 'true' | null } = {}) =>
    `${routePatterns.pricing}${toSearch(search)}`,
  testCheckout: (orderId: string) => `/test-checkout/${encodeURIComponent(orderId)}`,
  recipientCard: (cardId: string) => `/c/${encodeURIComponent(cardId)}`,
  /** An invitation's guest's own link (DESIGN §1.20): their invitation, greeting them, and their reply. */
  guestInvitation: (token: string) => `/i/${encodeURIComponent(token)}`,
  /** The share link of a paid card: absolute, as it is sent to the recipient. */
  shareLink: (cardId: string, origin: string = window.location.origin) =>
    `${origin}/c/${encodeURIComponent(cardId)}`,
  /** The local mailbox; `mail` selects one mail by id. */
  mailbox: (search: { mail?: string | null } = {}) => `${routePatterns.mailbox}${toSearch(search)}`,
  /** The admin area; `tab` picks its section. */
  admin: (search: { tab?: string | null } = {}) => `${routePatterns.admin}${toSearch(search)}`,
} as const;
