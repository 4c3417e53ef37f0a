/**
 * The web app's strings in parts, each loaded (in the language shown only) with the code that shows it, so
 * that a first load does not carry the whole app's text (docs/decisions/0024-own-translator.md). A part
 * names paths into the locale files: a section (`'help'`) or a group of keys inside one
 * (`'cardMedia.resume'`). The web app imports a part as `virtual:strings/<part>` (the build's
 * `winc:locale-parts` plugin makes one module per language of it); `web/lib/strings-shown.test.ts` checks
 * that every string a page or dialog shows is in the parts loaded with it.
 */
export const STRING_PARTS = {
  /** The app's frame and the catalog pages (home, a category, a style): every app page's first load. */
  app: [
    'app',
    'header',
    'nav',
    'footer',
    'language',
    'common',
    'home',
    'catalog',
    'session',
    'errors',
    'routeError',
    'card',
    'cardMedia.resume',
    'mailbox.navLink',
    'myWincs.drafts',
    'editor.createAction',
  ],
  /** A share link's page (`web/recipient.html`), on its own. */
  recipient: [
    'card',
    'common',
    'errors',
    'faq.items.recognitionTips',
    'header',
    'overview',
    'recipient',
    'invitation.event.eyebrow',
    'invitation.preview.title',
    'invitation.preview.invitedBy',
    'reveal.sealed',
    'routeError',
  ],
  /** An invitation's event and reply (DESIGN §1.20), loaded on invitation pages only. */
  rsvp: ['invitation.event', 'invitation.rsvp'],
  /** The recipient's reply to the sender (DESIGN §1.21), loaded once the card has been opened. */
  replies: ['replies.reply'],
  /** The card kept for good (DESIGN §1.21), loaded once a card is opened or its details shown. */
  keepsake: ['keepsake', 'keepsakeVideo'],
  notFound: ['notFound'],
  help: ['help'],
  faq: ['faq'],
  overview: ['overview', 'auth.steps', 'invitation.badge'],
  checkout: ['checkout', 'auth.steps', 'delivery', 'reveal.share', 'reveal.sealed'],
  /** The share dialog, with how the card goes out (its reveal, its mail): loaded when it first opens. */
  share: ['share', 'delivery', 'reveal.share', 'reveal.sealed'],
  mailbox: ['mailbox'],
  auth: ['auth'],
  profile: ['profile', 'replies.profile'],
  account: ['account', 'auth.errors', 'auth.fields', 'auth.invalidEmail'],
  myWincs: [
    'myWincs',
    'invitation.badge',
    'replies.list',
    'delivery',
    'reveal.share',
    'reveal.sealed',
    'reveal.myWincs',
  ],
  /** An invitation's guest list (DESIGN §1.20), its own page in My WINCS. */
  guestList: ['guestList', 'invitation.badge', 'delivery'],
  pricing: ['pricing'],
  testCheckout: ['testCheckout', 'pricing'],
  /** The catalog admin area (DESIGN §1.16). */
  admin: ['admin'],
  /** The home rows' own titles, which the admin's home preview shows in every language side by side. */
  homeTitles: ['catalog.newDrops'],
  /** The card editor and its media (and the upload code, which says why an upload failed). */
  editor: ['editor', 'cardMedia', 'invitation.kind', 'invitation.editor', 'invitation.errors'],
} as const satisfies Record<string, readonly string[]>;

export type StringPart = keyof typeof STRING_PARTS;

/** The module of a part's strings in a language, from the repository's root. */
export function stringPartModule(part: StringPart, language: string): string {
  return `shared/i18n/locales/${language}.json?strings=${part}`;
}
