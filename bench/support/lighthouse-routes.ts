import type { routePatterns } from '../../web/config/paths.ts';
import { paths } from '../../web/config/paths.ts';

/**
 * The pages `npm run bench:lighthouse` audits: every route of the app a visitor or a signed-in user can reach
 * (`routePatterns`), and the two links the recipient page answers (a share link, an invitation guest's own
 * link). Kept apart from the bench so a test can check, without launching anything, that a new route is
 * measured or named below with the reason it is not.
 */

export type RouteName = keyof typeof routePatterns;

/** Who opens the page: a newcomer, a signed-in sender (the owner of the cards below), or an admin. */
export type Visitor = 'newcomer' | 'owner' | 'admin';

/** What the bench made on its server for the pages that need something to show. */
export interface BenchFixtures {
  /** A category and a style of the catalog. */
  category: string;
  style: string;
  /** A card of the owner's, and an invitation of theirs with guests. */
  cardId: string;
  invitationId: string;
  /** A test-mode order of the owner's. */
  orderId: string;
  /** A fresh paid card's share link path, in a card of that language (a card opens on a limited number of devices). */
  nextShareLink(language: 'en' | 'ar'): Promise<string>;
  /** A fresh guest's own link path of a paid invitation in that language. */
  nextGuestLink(language: 'en' | 'ar'): Promise<string>;
}

export interface MeasuredPage {
  /** The name the table shows and the route filter takes. */
  name: string;
  /** The route of `routePatterns` it measures; null for the recipient page's links, which the server answers. */
  route: RouteName | null;
  /**
   * A page people land on from outside (a search, a link sent to them): audited more times, in English and
   * Arabic. The others are audited in English.
   */
  landing: boolean;
  visitor: Visitor;
  /** The path (and query) of one visit. */
  path(fixtures: BenchFixtures, language: 'en' | 'ar'): string | Promise<string>;
}

/** A page a newcomer opens, audited in English only. */
function visitorPage(name: string, route: RouteName, path: () => string): MeasuredPage {
  return { name, route, landing: false, visitor: 'newcomer', path };
}

/** A page of a signed-in sender's, audited in English only. */
function ownerPage(name: string, route: RouteName, path: (fixtures: BenchFixtures) => string): MeasuredPage {
  return { name, route, landing: false, visitor: 'owner', path };
}

export const MEASURED_PAGES: readonly MeasuredPage[] = [
  { name: 'home', route: 'home', landing: true, visitor: 'newcomer', path: () => paths.home() },
  {
    name: 'category',
    route: 'category',
    landing: true,
    visitor: 'newcomer',
    path: (fixtures) => paths.category(fixtures.category),
  },
  {
    name: 'share-link',
    route: null,
    landing: true,
    visitor: 'newcomer',
    path: (fixtures, language) => fixtures.nextShareLink(language),
  },
  {
    name: 'guest-invitation',
    route: null,
    landing: true,
    visitor: 'newcomer',
    path: (fixtures, language) => fixtures.nextGuestLink(language),
  },
  {
    name: 'style',
    route: 'style',
    landing: false,
    visitor: 'newcomer',
    path: (fixtures) => paths.style(fixtures.style),
  },
  visitorPage('search', 'home', () => paths.home({ q: 'birthday' })),
  // The editor is a dialog over home, a category or this overview, not a page of its own: the overview of
  // the sender's card is where its code loads.
  ownerPage('overview', 'overview', (fixtures) => paths.overview(fixtures.cardId)),
  visitorPage('signin', 'signin', paths.signin),
  visitorPage('signup', 'signup', paths.signup),
  visitorPage('reset-password', 'resetPassword', paths.resetPassword),
  visitorPage('choose-password', 'choosePassword', paths.choosePassword),
  visitorPage('pricing', 'pricing', () => paths.pricing()),
  ownerPage('checkout', 'checkout', paths.checkout),
  ownerPage('test-checkout', 'testCheckout', (fixtures) => paths.testCheckout(fixtures.orderId)),
  ownerPage('my-wincs', 'myWincs', paths.myWincs),
  ownerPage('guest-list', 'guestList', (fixtures) => paths.guestList(fixtures.invitationId)),
  ownerPage('profile', 'profile', paths.profile),
  ownerPage('account-info', 'accountInfo', paths.accountInfo),
  visitorPage('help', 'help', paths.help),
  visitorPage('faqs', 'faqs', paths.faqs),
  visitorPage('mailbox', 'mailbox', () => paths.mailbox()),
  { name: 'admin', route: 'admin', landing: false, visitor: 'admin', path: () => paths.admin() },
];

/** Routes of `routePatterns` the bench does not audit, each with the reason. None today. */
export const UNMEASURED_ROUTES: Partial<Record<RouteName, string>> = {};
