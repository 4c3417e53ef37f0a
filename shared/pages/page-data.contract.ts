import type {
  CatalogLists,
  CategoryPage,
  HomeResponse,
  StylePage,
  TemplatePage,
} from '../catalog/catalog.contract.ts';
import type { TemplateFilters } from '../catalog/catalog.rules.ts';
import type { CurrentUser } from '../accounts/accounts.contract.ts';
import type { AppInfo } from '../app-info/app-info.contract.ts';
import type { DraftsResponse, MyWincsResponse } from '../cards/my-wincs.contract.ts';
import type { PaymentOptions } from '../payments/payments.contract.ts';
import type { NewRepliesResponse } from '../replies/replies.contract.ts';

/**
 * What the server writes into a page for its first screen, so the browser does not ask for it again after
 * the script starts: a JSON block under this element id, read once by the web app.
 */
export const PAGE_DATA_ELEMENT_ID = 'winc-page-data';

/**
 * A page the server rendered names the code that takes it over (its `modulepreload` links) inside a
 * `<template>` of this id, inert until the page has been painted (see `web/lib/take-over.ts`).
 */
export const PAGE_MODULES_ELEMENT_ID = 'winc-page-modules';

/**
 * Set on `<html>` once the app has taken its page over and answers its visitor (its handlers are attached);
 * what must wait for that — a browser test about to click — looks for it rather than for a quiet network,
 * which a page that loads its lower rows in idle moments may not have for a long while on a busy device.
 */
export const TAKEN_OVER_ATTRIBUTE = 'data-taken-over';

export interface PageData {
  /**
   * The catalog pages: the active categories, styles and events, as `GET /api/catalog/lists` gives them (the
   * style links below the rows and in the footer).
   */
  lists?: CatalogLists;
  /**
   * `/`: the home answer, as `GET /api/catalog/home` gives it, with the cards of its first rows only
   * (`homeForFirstScreen`): the app asks for the whole answer once it has taken the page over.
   */
  home?: HomeResponse;
  /** `/category/{name}`: as `GET /api/catalog/categories/{name}` answers. */
  categoryPage?: { name: string; answer: CategoryPage };
  /** `/style/{name}`: as `GET /api/catalog/styles/{name}` answers. */
  stylePage?: { name: string; answer: StylePage };
  /**
   * A category or style page's grid: the first page of `GET /api/catalog/templates` for the URL's filters
   * (as `normalizeTemplateFilters` gives them).
   */
  templates?: { filters: TemplateFilters; firstPage: TemplatePage };
  /**
   * `/c/{id}` of a shared card: its cover, which the page shows while the card itself loads (the link's
   * preview shows it already: it is not private).
   */
  sharedCard?: { id: string; coverUrl: string };
  /** `/i/{token}` of a guest of a paid invitation: the invitation's cover, likewise. */
  guestInvitation?: { token: string; coverUrl: string };
  /**
   * `/pricing`: how this server takes payments, as `GET /api/payments/options` answers (a test-mode or
   * unavailable note shows above the plans), and the AI providers its plans may promise, as `GET /api/config`'s
   * `aiProviders`. Both are the server's set-up, the same for every visitor.
   */
  pricing?: { paymentOptions: PaymentOptions; aiProviders: AppInfo['aiProviders'] };
  /**
   * A page that needs the session (`SESSION_APP_PAGES`), opened signed in: who is signed in, as `GET /api/me`
   * answers `user`. Private, as is everything below it: a page carrying it is sent `private, no-store`.
   */
  me?: CurrentUser;
  /** The same pages: this server's set-up for this visitor, as `GET /api/config` answers it. */
  appInfo?: AppInfo;
  /** `/my-wincs` signed in: the grid for the URL's category filter (null: all), as `GET /api/my-wincs` answers. */
  myWincs?: { categoryId: string | null; answer: MyWincsResponse };
  /** `/my-wincs` signed in: the drafts above the grid, as `GET /api/my-wincs/drafts` answers. */
  drafts?: DraftsResponse;
  /** `/my-wincs` signed in: the new replies on each card, as `GET /api/my-wincs/new-replies` answers. */
  newReplies?: NewRepliesResponse;
  /** `/checkout` signed in: how this server takes payments, as `GET /api/payments/options` answers. */
  paymentOptions?: PaymentOptions;
}
