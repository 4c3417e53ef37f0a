import { DEFAULT_CATEGORY_RANK, NEW_DROPS_WINDOW_DAYS } from '../constants.ts';
import type { Language } from '../i18n/languages.ts';
import type {
  HomeResponse,
  TemplateListQuery,
  TemplatePictures,
  TemplateSummary,
} from './catalog.contract.ts';

/** SPEC §5 template visibility and §2 home ordering, as pure functions shared by server and browser. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A category rank arrives as a number or a numeric string; anything else means "unranked". */
export function parseRank(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const value = Number(raw.trim());
    return Number.isFinite(value) ? value : null;
  }
  return null;
}

/** The rank used for sorting: a missing rank sorts as 999999. */
export function effectiveRank(rank: number | null): number {
  return rank ?? DEFAULT_CATEGORY_RANK;
}

// One collator for every comparison (`localeCompare` with options builds a new one per call), made on first
// use: making one loads the language's collation data, a long moment for a phone's first screen that may
// sort nothing.
let nameCollator: Intl.Collator | undefined;

function compareNames(a: string, b: string): number {
  nameCollator ??= new Intl.Collator('en', { sensitivity: 'base' });
  return nameCollator.compare(a, b);
}

/**
 * Home ordering: ranked categories first by rank (ties by name), then the unranked ones alphabetically.
 * A category without a rank is excluded from the ranked group even though it sorts as 999999.
 */
export function orderCategories<T extends { name: string; rank: number | null }>(
  categories: readonly T[],
): T[] {
  const ranked = categories
    .filter((c) => c.rank !== null)
    .sort((a, b) => effectiveRank(a.rank) - effectiveRank(b.rank) || compareNames(a.name, b.name));
  const unranked = categories.filter((c) => c.rank === null).sort((a, b) => compareNames(a.name, b.name));
  return [...ranked, ...unranked];
}

/**
 * The ranks after an admin typed some (DESIGN §1.16): a rank is a place in home's order, so each category
 * given one goes in at that place (rank 1 first; a rank past the end, last; a fraction, after the whole
 * number below it) and every ranked category is renumbered 1, 2, 3… with no gap and no two alike. A category
 * given no rank leaves the ranked ones, whose gap closes. Several placements go in by rank, lowest first.
 * Answers every ranked category's new rank, and null for those made unranked.
 */
export function placeRanks<T extends { id: string; name: string; rank: number | null }>(
  categories: readonly T[],
  placements: readonly { id: string; rank: number | null }[],
): Map<string, number | null> {
  // A category placed twice goes where it was placed last.
  const placed = new Map(placements.map((p) => [p.id, p.rank]));
  const order = orderCategories(categories.filter((c) => c.rank !== null && !placed.has(c.id))).map(
    (c) => c.id,
  );
  const ranked = [...placed]
    .filter((entry): entry is [string, number] => entry[1] !== null)
    .sort((a, b) => a[1] - b[1]);
  for (const [id, rank] of ranked) {
    order.splice(Math.min(Math.max(Math.ceil(rank) - 1, 0), order.length), 0, id);
  }
  const ranks = new Map<string, number | null>([...placed.keys()].map((id) => [id, null]));
  order.forEach((id, index) => ranks.set(id, index + 1));
  return ranks;
}

/** A New Drop is a template created within the last 7 days (a date slightly in the future still counts). */
export function isNewDrop(createdAt: Date, now: Date): boolean {
  return createdAt.getTime() >= now.getTime() - NEW_DROPS_WINDOW_DAYS * DAY_MS;
}

/** The New Drops list: templates of the last 7 days, newest first. */
export function selectNewDrops<T extends { createdAt: Date }>(templates: readonly T[], now: Date): T[] {
  return templates
    .filter((t) => isNewDrop(t.createdAt, now))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * When time alone next changes the New Drops: the moment the first of these templates leaves the window
 * (a template dated in the future has been a New Drop since it was added). Null when none will.
 */
export function nextNewDropsChange(templates: readonly { createdAt: Date }[], now: Date): Date | null {
  let next = Infinity;
  for (const t of templates) {
    // The first millisecond at which isNewDrop is false for it.
    const leavesAt = t.createdAt.getTime() + NEW_DROPS_WINDOW_DAYS * DAY_MS + 1;
    if (leavesAt > now.getTime() && leavesAt < next) next = leavesAt;
  }
  return next === Infinity ? null : new Date(next);
}

function fold(value: string): string {
  return value.trim().toLocaleLowerCase();
}

/** Search matches the name, any tag or the description, case-insensitively. An empty query matches all. */
export function matchesSearch(
  template: { name: string; description: string; tags: readonly string[] },
  query: string | null | undefined,
): boolean {
  const q = fold(query ?? '');
  if (q === '') return true;
  return (
    fold(template.name).includes(q) ||
    fold(template.description).includes(q) ||
    template.tags.some((tag) => fold(tag).includes(q))
  );
}

/** The event filter: the event's tag equals (case-insensitively) a template tag or a tag of its category. */
export function matchesEvent(
  eventTag: string,
  templateTags: readonly string[],
  categoryTags: readonly string[],
): boolean {
  const tag = fold(eventTag);
  if (tag === '') return false;
  return templateTags.some((t) => fold(t) === tag) || categoryTags.some((t) => fold(t) === tag);
}

const STORAGE_HOSTS = ['firebasestorage.googleapis.com', 'firebasestorage.app'];

function isStorageDownloadUrl(url: URL): boolean {
  return STORAGE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/**
 * SPEC §4/§5 image-URL rule. Empty values and anything containing an ellipsis are missing. A cloud-storage
 * download URL counts only with its token parameter and at least 100 characters (shorter ones were truncated
 * when they were copied). Otherwise the value must parse as an http(s) URL once a missing scheme is added;
 * a same-origin path ("/media/…") is accepted as it is.
 */
export function isUsableImageUrl(value: string | null | undefined): boolean {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw.includes('...') || raw.includes('…')) return false;
  if (raw.startsWith('/') && !raw.startsWith('//')) return true;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw.replace(/^\/\//, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return false;
  if (isStorageDownloadUrl(url)) return url.searchParams.has('token') && raw.length >= 100;
  return true;
}

/** The same rule, returning the URL with its scheme added, or null when the image counts as missing. */
export function normalizeImageUrl(value: string | null | undefined): string | null {
  if (!isUsableImageUrl(value)) return null;
  const raw = value!.trim();
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw.replace(/^\/\//, '')}`;
}

/** The filters of a paged template list (everything but the page number). */
export type TemplateFilters = Omit<TemplateListQuery, 'page'>;

/**
 * The filters trimmed and the empty ones dropped, always in the same order: `{q: ''}` and `{}` are one list,
 * which the browser caches once and the server writes into a category or style page under the same filters.
 */
export function normalizeTemplateFilters(filters: TemplateFilters): TemplateFilters {
  const out: TemplateFilters = {};
  for (const key of ['category', 'style', 'event', 'q'] as const) {
    const value = filters[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** Home's first rows, drawn with the page; a row below them draws its cards as the visitor nears it. */
export const HOME_ROWS_DRAWN_FIRST = 2;

/**
 * The home answer as a page carries it for its first screen: the rows below `HOME_ROWS_DRAWN_FIRST` without
 * their cards (each keeps its `total`), which the app asks for with the whole answer once it has taken the
 * page over, before the visitor scrolls to them. All the rows' cards were two thirds of the page's bytes.
 */
export function homeForFirstScreen(home: HomeResponse): HomeResponse {
  return {
    ...home,
    sections: home.sections.map((section, index) =>
      index < HOME_ROWS_DRAWN_FIRST ? section : { ...section, templates: [] },
    ),
  };
}

/**
 * The pictures of a template for a language: the cover lettered in it when the template has one, else the
 * default cover. A card's cover follows the card's language; the catalog's pictures follow the page's.
 */
export function templatePictures(
  template: Pick<TemplateSummary, 'languagePictures' | keyof TemplatePictures>,
  language: Language,
): TemplatePictures {
  const { thumbnailUrl, thumbnailSrcSet, coverUrl, animatedUrl } = template;
  return template.languagePictures[language] ?? { thumbnailUrl, thumbnailSrcSet, coverUrl, animatedUrl };
}
