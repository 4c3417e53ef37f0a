import { createContext, useContext } from 'react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../shared/pages/page-data.contract.ts';

let pageData: PageData | null = null;

function read(): PageData {
  if (pageData) return pageData;
  pageData = {};
  if (typeof document === 'undefined') return pageData;
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return pageData;
  try {
    pageData = JSON.parse(element.textContent) as PageData;
  } catch {
    // A page without usable data: the app asks the API as it would without it.
  }
  element.remove();
  return pageData;
}

/**
 * The server's answer for the first screen, written into the page (see `PageData`), taken once: after the
 * first use the app's query cache holds it, and later visits of the same page ask the API again.
 */
export function takePageData<K extends keyof PageData>(key: K): PageData[K] | undefined {
  return takePageDataIf(key, () => true);
}

/**
 * `takePageData` for a query that may not be the one the page was made for (a category page's data, asked by
 * the query of another category): taken only when `matches` says it is.
 */
export function takePageDataIf<K extends keyof PageData>(
  key: K,
  matches: (value: NonNullable<PageData[K]>) => boolean,
): PageData[K] | undefined {
  const data = read();
  const value = data[key];
  if (value === undefined || !matches(value)) return undefined;
  delete data[key];
  return value;
}

/**
 * How long an answer the page came with counts as fresh for a query that is otherwise asked again whenever it
 * is shown: long enough for the first screen's renders, short enough that a later visit asks again.
 */
const PAGE_ANSWER_FRESH_MS = 10_000;

/**
 * The `staleTime` of a query read again whenever it is shown (`0`), for a page whose data may carry its answer:
 * that answer was made with the page, so the first screen does not ask for it again at once.
 */
export function freshFromPage(query: { state: { dataUpdateCount: number; data: unknown } }): number {
  // Only an answer taken from the page (`initialData`) has not been updated since the query was made.
  return query.state.dataUpdateCount === 0 && query.state.data !== undefined ? PAGE_ANSWER_FRESH_MS : 0;
}

/** The data the server renders a page with; in the browser, the page's own (null: read it from the page). */
export const PageDataContext = createContext<PageData | null>(null);

/** What the page came with, for a component that shows it until its own data arrives. */
export function usePageData<K extends keyof PageData>(key: K): PageData[K] | undefined {
  return (useContext(PageDataContext) ?? read())[key];
}
