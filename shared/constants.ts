/** Business constants from SPEC §9 that both the server and the browser rely on. */

/** Templates per page on the category and style pages (infinite scroll). */
export const CATALOG_PAGE_SIZE = 12;
/** At most this many templates in one horizontal row on the home page. */
export const HOME_ROW_LIMIT = 25;
/** A template counts as a New Drop when it was created within this many days. */
export const NEW_DROPS_WINDOW_DAYS = 7;
/** A category without a rank sorts with this rank and is not part of the ranked group. */
export const DEFAULT_CATEGORY_RANK = 999_999;
/** Infinite scroll loads the next page when the bottom is this close (px)… */
export const INFINITE_SCROLL_THRESHOLD_PX = 200;
/** …after this delay (ms). */
export const INFINITE_SCROLL_DELAY_MS = 500;
/** How long a template is highlighted after navigating to it (ms). */
export const TEMPLATE_HIGHLIGHT_MS = 2_000;
/** Images load lazily this far (px) before they scroll into view. */
export const LAZY_IMAGE_MARGIN_PX = 200;
/** The first template cards on a page load with priority. */
export const PRIORITY_IMAGE_COUNT = 7;
/** The CSS width of a template's picture in a home row (3:4, so 224 px tall). */
export const LIST_PICTURE_WIDTH = 168;

/** The special category names of SPEC §2 (route /category/{name}). */
export const NEW_DROPS_CATEGORY = 'New Drops';
export const BASED_ON_RANK_CATEGORY = 'Based on Rank';
