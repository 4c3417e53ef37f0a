import type { TemplateImageVariant } from './catalog/catalog.contract.ts';
import type { CardMediaKind } from './cards/card-media.ts';
import type { Language } from './i18n/languages.ts';

/**
 * Every path of the API, one place for the server's routes and the browser's client. Kept apart from the
 * contracts (which build zod schemas as they load) so a page that only calls the API loads no schema code.
 */

/** A path with `:name` parameters: the browser calls it with the values, the server declares its `route`. */
export type ParamPath<Values extends string[]> = ((...values: Values) => string) & { readonly route: string };

/** A path builder for a route pattern: each `:name` takes the next value, URL-encoded. */
function paramPath<Values extends string[]>(route: string): ParamPath<Values> {
  const build = (...values: Values) => {
    let next = 0;
    return route.replace(/:\w+/g, () => encodeURIComponent(values[next++] ?? ''));
  };
  return Object.assign(build, { route });
}

/**
 * Accounts. better-auth endpoints (JSON bodies; send `x-winc-language`):
 * - POST `/api/auth/sign-up/email` {name, email, password, callbackURL?} → 200 `{token: null, user}` and the
 *   `pending_sign_up` cookie, the same for every address (no enumeration): a verification mail for a new or an
 *   unverified address (whose pending password this sign-up replaces), a "someone tried" mail to the owner of
 *   a verified one. The user stays signed out.
 * - POST `/api/auth/sign-in/email` {email, password, rememberMe?} → 200 + session cookie (and the known-device
 *   cookie), or 401 invalid-credential, 403 email-not-verified, 403 user-disabled, 429 rate-limited, 429
 *   account-locked (too many wrong passwords from many addresses: offer the sign-in link).
 * - POST `/api/auth/sign-in/magic-link` {email, callbackURL, errorCallbackURL} → 200 `{status: true}` (whether
 *   or not the address has an account); an existing, verified account gets a one-time sign-in link, which lands
 *   on callbackURL signed in, or on errorCallbackURL with `error=` once used or expired.
 * - POST `/api/auth/send-verification-email` {email, callbackURL?} → 200 `{status: true}` (whether or not the
 *   address exists).
 * - GET `/api/auth/verify-email?token&callbackURL` (the mail's link) → in the browser that set the pending
 *   password, signs in and redirects to callbackURL; elsewhere verifies without signing in and redirects to
 *   `/choose-password?token&next` (the token goes to `/reset-password`, which then signs in). With
 *   `?error=INVALID_TOKEN|TOKEN_EXPIRED` on failure.
 * - POST `/api/auth/request-password-reset` {email} → 200 `{status: true, message}` always; the mail links to
 *   `/reset-password?token=…`. POST `/api/auth/reset-password` {newPassword, token} → 200 `{status: true}`.
 * - POST `/api/auth/sign-in/social` {provider: 'google', callbackURL, errorCallbackURL?, newUserCallbackURL?,
 *   disableRedirect?} → 200 `{url, redirect: true}`: navigate to url (Google), which returns to the callbackURL
 *   signed in.
 * - POST `/api/auth/change-email` {newEmail, callbackURL?} → 200 `{status: true}`; the current address confirms,
 *   then the new one verifies.
 * - POST `/api/auth/change-password` {currentPassword, newPassword} → 200, or 400 wrong-password, 429
 *   too-many-password-attempts (wrong passwords per session and per account, shared with DELETE /api/me).
 * - POST `/api/auth/sign-out` {} → 200 `{success: true}`, cookie cleared.
 */
export const accountsApi = {
  auth: '/api/auth',
  authProviders: '/api/auth-providers',
  me: '/api/me',
  /** What deleting the account asks for (GET): the password, or a recent sign-in. */
  meDeletion: '/api/me/deletion',
  meEvents: '/api/me/events',
  avatar: '/api/me/avatar',
  /** A stored avatar picture (`file` is its stored name). */
  avatarFile: paramPath<[file: string]>('/media/avatars/:file'),
  claimGuestCards: '/api/me/claim-guest-cards',
  guestSession: '/api/guest-session',
  signUp: '/api/auth/sign-up/email',
  signIn: '/api/auth/sign-in/email',
  signInSocial: '/api/auth/sign-in/social',
  signInLink: '/api/auth/sign-in/magic-link',
  signOut: '/api/auth/sign-out',
  sendVerificationEmail: '/api/auth/send-verification-email',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
  changeEmail: '/api/auth/change-email',
} as const;

export const aiApi = {
  messages: '/api/ai/messages',
} as const;

export const appInfoApi = { get: '/api/config' } as const;

/** For load balancers and orchestrators: the process is alive; it can serve (database and storage answer). */
export const healthApi = { health: '/api/health', ready: '/api/ready' } as const;

/**
 * The share link's page and its preview images (DESIGN §1.19): per card and version, or the generic one per
 * language; an invitation's guest's own link (DESIGN §1.20) and its image naming the guest.
 */
export const linkPreviewApi = {
  page: paramPath<[cardId: string]>('/c/:cardId'),
  card: paramPath<[cardId: string, file: string]>('/media/previews/cards/:cardId/:file'),
  generic: paramPath<[file: string]>('/media/previews/generic/:file'),
  guestPage: paramPath<[token: string]>('/i/:token'),
  guest: paramPath<[token: string, file: string]>('/media/previews/guests/:token/:file'),
} as const;

/** The API paths of card media, one place for the server routes and the browser client. */
export const cardMediaApi = {
  /** The tus endpoint: POST creates an upload, HEAD/PATCH/DELETE act on `${tus}/{uploadId}`. */
  tus: '/api/uploads',
  /** PUT the raw bytes in one request (simple upload); DELETE removes the card's file of this kind. */
  media: paramPath<[cardId: string, kind: CardMediaKind]>('/api/cards/:id/media/:kind'),
  /** A stored file of a card (`file` is its stored name), served with access checks. */
  file: paramPath<[cardId: string, kind: CardMediaKind, file: string]>('/media/cards/:id/:kind/:file'),
} as const;

export const cardViewsApi = {
  activity: paramPath<[id: string]>('/api/public/cards/:id/activity'),
} as const;

/** The API paths of cards, one place for the server routes and the browser client. */
export const cardsApi = {
  create: '/api/cards',
  card: paramPath<[id: string]>('/api/cards/:id'),
  unlock: paramPath<[id: string]>('/api/cards/:id/unlock'),
  /** POST: the owner raises the card's view limit to the next plan's, once, for credits. */
  viewLimit: paramPath<[id: string]>('/api/cards/:id/view-limit'),
  /** The recipient page's card: a paid card to anyone with its link (DESIGN §1.5), no sign-in needed. */
  publicCard: paramPath<[id: string]>('/api/public/cards/:id'),
  /** A paid invitation's event as a calendar file (RFC 5545, METHOD:PUBLISH), to anyone with its link. */
  invitationCalendar: paramPath<[id: string]>('/api/public/cards/:id/invitation.ics'),
} as const;

/** PUT `{reveal}`: the owner sets, moves or cancels (null) when the card's link opens (DESIGN §1.22). */
export const revealApi = paramPath<[id: string]>('/api/cards/:id/reveal');

/**
 * An invitation's guests (DESIGN §1.20). The host's, for the owner of the card: GET the list (or its CSV), POST
 * `{guests}` to add by hand, POST a pasted list or CSV file (`text/csv` or `text/plain`) to `import`, DELETE a
 * guest, PUT (an `rsvpInput`) or DELETE the answer a guest gave in person. The guest's, with their link's
 * token and no sign-in: GET their invitation, PUT their answer, DELETE it; or, through the open link, POST
 * an answer with their name.
 */
export const invitationsApi = {
  guests: paramPath<[cardId: string]>('/api/cards/:cardId/guests'),
  /** The list as a CSV file (UTF-8 with a BOM, so Excel reads Arabic and Cyrillic). */
  exportGuests: paramPath<[cardId: string]>('/api/cards/:cardId/guests.csv'),
  importGuests: paramPath<[cardId: string]>('/api/cards/:cardId/guests/import'),
  guest: paramPath<[cardId: string, guestId: string]>('/api/cards/:cardId/guests/:guestId'),
  guestAnswer: paramPath<[cardId: string, guestId: string]>('/api/cards/:cardId/guests/:guestId/answer'),
  /** POST `{audience, text}`: the host's message, mailed to the guests of that audience. */
  messageGuests: paramPath<[cardId: string]>('/api/cards/:cardId/guests/message'),
  invitation: paramPath<[token: string]>('/api/invitations/:token'),
  answer: paramPath<[token: string]>('/api/invitations/:token/answer'),
  /** PUT `{language}`: the language of the guest's mails, which they choose on their page. */
  guestLanguage: paramPath<[token: string]>('/api/invitations/:token/language'),
  /**
   * The open group link's answer (`openRsvpInput`, with the guest's name): the device answering becomes a guest
   * with a link of their own (answering again from it changes that guest's answer).
   */
  openAnswer: paramPath<[cardId: string]>('/api/public/cards/:cardId/answer'),
  /** A guest's one-click stop to the invitation's mails (RFC 8058 POST); GET shows a page that asks first. */
  unsubscribe: paramPath<[token: string]>('/api/invitations/:token/unsubscribe'),
} as const;

/** The API paths of My WINCS, one place for the server routes and the browser client. */
export const myWincsApi = {
  list: '/api/my-wincs',
  drafts: '/api/my-wincs/drafts',
  /** DELETE: removes the card, its files and its pending uploads (204). */
  card: cardsApi.card,
} as const;

const templateImagePath = paramPath<[id: string, variant: TemplateImageVariant]>(
  '/media/templates/:id/:variant',
);

/** The API paths of the catalog, one place for server routes and the browser client. */
export const catalogApi = {
  home: '/api/catalog/home',
  lists: '/api/catalog',
  templates: '/api/catalog/templates',
  template: paramPath<[id: string]>('/api/catalog/templates/:id'),
  category: paramPath<[name: string]>('/api/catalog/categories/:name'),
  style: paramPath<[name: string]>('/api/catalog/styles/:name'),
  /**
   * `version` changes whenever the stored image changes, so the URL can be cached forever; `language` asks for
   * the cover lettered in that language (the default cover when the template has none).
   */
  templateImage: Object.assign(
    (id: string, variant: TemplateImageVariant, version: string, language?: Language) =>
      `${templateImagePath(id, variant)}?v=${encodeURIComponent(version)}${language ? `&lang=${language}` : ''}`,
    { route: templateImagePath.route },
  ),
} as const;

export const helpApi = {
  createRequest: '/api/help-requests',
} as const;

export const mailboxApi = {
  list: '/api/dev/mailbox',
  mail: paramPath<[id: string]>('/api/dev/mailbox/:id'),
  /** The mail's HTML as its own document, for a sandboxed frame. */
  mailHtml: paramPath<[id: string]>('/api/dev/mailbox/:id/html'),
} as const;

/** The API paths of plans and payments, one place for the server routes and the browser client. */
export const paymentsApi = {
  options: '/api/payments/options',
  /** POST, signed in: opens a checkout (Stripe, or the built-in test mode) and answers its URL. */
  checkout: '/api/payments/checkout',
  /** POST from Stripe only: signature-verified events. */
  stripeWebhook: '/api/payments/stripe/webhook',
  testCheckout: paramPath<[orderId: string]>('/api/payments/test-checkout/:orderId'),
  completeTestCheckout: paramPath<[orderId: string]>('/api/payments/test-checkout/:orderId/complete'),
  creditHistory: '/api/me/credit-history',
} as const;

export const voiceApi = {
  greetingPreview: '/api/voice/greetings',
  /** A synthesized clip, named by what it says (text, voice, language, engine): it never changes. */
  clip: Object.assign((clipId: string) => `/media/voice/${encodeURIComponent(clipId)}.mp3`, {
    route: '/media/voice/:file',
  }),
} as const;

/** The live channel's event when a recipient did something on one of the user's cards. */
export const CARD_ACTIVITY_EVENT = 'card-activity';

/** The cards mailed by Winc (DESIGN §1.22): a card's delivery log (GET) and a new delivery (POST). */
export const deliveryApi = {
  card: paramPath<[cardId: string]>('/api/cards/:cardId/deliveries'),
  /** POST: mails the invitation to each guest with an address not mailed yet. */
  guests: paramPath<[cardId: string]>('/api/cards/:cardId/deliveries/guests'),
  /** GET asks, POST (RFC 8058 one-click) stops every card mailed by Winc to that address. */
  unsubscribe: paramPath<[token: string]>('/api/deliveries/unsubscribe/:token'),
} as const;

/** The live channel's event when a delivery of one of the user's cards moved on: read its log again. */
export const DELIVERY_EVENT = 'card-delivery';

/** The live channel's event when a guest list of one of the user's invitations changed: read it again. */
export const GUEST_LIST_EVENT = 'guest-list';

/** The catalog admin API (DESIGN §1.16); every path answers 404 to anyone but an admin. */
export const adminApi = {
  catalog: '/api/admin/catalog',
  templates: '/api/admin/templates',
  template: paramPath<[id: string]>('/api/admin/templates/:id'),
  /** PUT the raw image bytes. */
  templateArtwork: paramPath<[id: string]>('/api/admin/templates/:id/artwork'),
  /** PUT the raw image bytes of the cover lettered in one language; DELETE it (the default cover shows again). */
  templateLanguageArtwork: paramPath<[id: string, language: Language]>(
    '/api/admin/templates/:id/artwork/:language',
  ),
  categories: '/api/admin/categories',
  category: paramPath<[id: string]>('/api/admin/categories/:id'),
  categoryRanks: '/api/admin/categories/ranks',
  styles: '/api/admin/styles',
  style: paramPath<[id: string]>('/api/admin/styles/:id'),
  events: '/api/admin/events',
  event: paramPath<[id: string]>('/api/admin/events/:id'),
  usage: '/api/admin/usage',
  changes: '/api/admin/changes',
  /** GET: the whole catalog as one archive; POST the archive to import it. */
  archive: '/api/admin/archive',
} as const;

/**
 * Replies (DESIGN §1.21). The recipient's, with the card's link and no sign-in: POST a reaction or a text to
 * `create`; a voice or video note through the resumable `uploads` (tus; metadata `cardId`, `kind`, `name`),
 * which answers the reply when its last byte lands. An invitation's guest, with their link's token: POST to
 * `fromGuest`, and uploads name `guestToken` instead of `cardId`. The owner's: GET `ofCard`, POST `seen`,
 * DELETE `reply`, GET `media` (owner only), GET `newCounts`; GET/PUT `mailSetting` ({enabled}).
 */
export const repliesApi = {
  create: paramPath<[cardId: string]>('/api/public/cards/:cardId/replies'),
  fromGuest: paramPath<[token: string]>('/api/invitations/:token/replies'),
  uploads: '/api/reply-uploads',
  ofCard: paramPath<[cardId: string]>('/api/cards/:cardId/replies'),
  seen: paramPath<[cardId: string]>('/api/cards/:cardId/replies/seen'),
  reply: paramPath<[cardId: string, replyId: string]>('/api/cards/:cardId/replies/:replyId'),
  media: paramPath<[cardId: string, replyId: string]>('/api/cards/:cardId/replies/:replyId/media'),
  newCounts: '/api/my-wincs/new-replies',
  mailSetting: '/api/me/reply-mail',
  /** The one-click stop of reply mails (RFC 8058 POST); GET shows a page that asks first. */
  unsubscribe: paramPath<[token: string]>('/api/reply-mail/unsubscribe/:token'),
} as const;

/** The live channel's event when someone replied to one of the user's cards (or a reply went). */
export const CARD_REPLIES_EVENT = 'card-replies';
/** A card kept for good (DESIGN §1.21): its PDF, for whoever may open its link, and for its owner. */
export const keepsakesApi = {
  publicPdf: paramPath<[id: string]>('/api/public/cards/:id/keepsake.pdf'),
  ownerPdf: paramPath<[id: string]>('/api/cards/:id/keepsake.pdf'),
} as const;
