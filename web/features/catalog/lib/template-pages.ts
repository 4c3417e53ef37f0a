import type { TemplatePage, TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';

/**
 * The templates of all loaded pages in order, each once. A template can reappear on a later page when the
 * list shifted between two requests (a new template was added); the first occurrence wins.
 */
export function flattenPages(pages: readonly Pick<TemplatePage, 'items'>[] | undefined): TemplateSummary[] {
  const seen = new Set<string>();
  const items: TemplateSummary[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

export type TemplateLocation = 'found' | 'load-more' | 'missing';

/** Where a template to highlight is: already loaded, maybe on a later page, or not in this list at all. */
export function locateTemplate(
  items: readonly Pick<TemplateSummary, 'id'>[],
  templateId: string,
  hasMore: boolean,
): TemplateLocation {
  if (items.some((item) => item.id === templateId)) return 'found';
  return hasMore ? 'load-more' : 'missing';
}
