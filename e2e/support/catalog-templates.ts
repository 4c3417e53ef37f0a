import {
  templatePageSchema,
  type TemplateListQuery,
  type TemplateSummary,
} from '../../shared/catalog/catalog.contract.ts';
import { catalogApi } from '../../shared/api-paths.ts';

/** Every template of a listing of a running server, all pages (what a grid ends up showing). */
export async function allTemplates(
  baseUrl: string,
  query: TemplateListQuery = {},
): Promise<TemplateSummary[]> {
  const items: TemplateSummary[] = [];
  for (let page = 1; ; page++) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...query, page })) if (value) search.set(key, String(value));
    const response = await fetch(`${baseUrl}${catalogApi.templates}?${search}`);
    if (!response.ok) throw new Error(`GET ${catalogApi.templates}?${search} answered ${response.status}`);
    const body = templatePageSchema.parse(await response.json());
    items.push(...body.items);
    if (!body.hasMore) return items;
  }
}
