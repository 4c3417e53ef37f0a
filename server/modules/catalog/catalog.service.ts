import type {
  CatalogLists,
  Category,
  CategoryPage,
  HomeResponse,
  HomeSection,
  StylePage,
  TemplatePage,
  TemplateSummary,
} from '../../../shared/catalog/catalog.contract.ts';
import {
  matchesEvent,
  matchesSearch,
  nextNewDropsChange,
  orderCategories,
  selectNewDrops,
} from '../../../shared/catalog/catalog.rules.ts';
import {
  BASED_ON_RANK_CATEGORY,
  CATALOG_PAGE_SIZE,
  HOME_ROW_LIMIT,
  NEW_DROPS_CATEGORY,
} from '../../../shared/constants.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { CategoryRecord, EventRecord, StyleRecord, TemplateRecord } from './catalog-source.ts';
import { presentCategory, presentEvent, presentStyle, presentTemplate } from './catalog.presenter.ts';

/** A validated template-list request (see templateListQuerySchema). */
export interface TemplateListQuery {
  category?: string | undefined;
  style?: string | undefined;
  event?: string | undefined;
  q?: string | undefined;
  page: number;
}
export type CatalogService = ReturnType<typeof createCatalogService>;

/** What browsing sees: active categories in home order, and the listable templates in that order. */
interface Listing {
  now: Date;
  categories: CategoryRecord[];
  categoryById: Map<string, CategoryRecord>;
  styles: StyleRecord[];
  styleById: Map<string, StyleRecord>;
  events: EventRecord[];
  /** Listable templates ordered by their category's home position, newest first within a category. */
  templates: TemplateRecord[];
}

const nameCollator = new Intl.Collator('en', { sensitivity: 'accent' });
const sameName = (a: string, b: string) => nameCollator.compare(a, b) === 0;

function findByName<T extends { name: string }>(items: readonly T[], name: string): T | undefined {
  return items.find((item) => item.name === name) ?? items.find((item) => sameName(item.name, name));
}

function distinctIn<T extends { id: string }>(ordered: readonly T[], ids: Set<string | null>): T[] {
  return ordered.filter((item) => ids.has(item.id));
}

export function createCatalogService(deps: { repository: CatalogRepository; now: () => Date }) {
  const { repository } = deps;

  async function loadListing(): Promise<Listing> {
    const [categories, styles, events, templates] = await Promise.all([
      repository.listActiveCategories(),
      repository.listStyles(),
      repository.listActiveEvents(),
      repository.listListableTemplates(),
    ]);
    const ordered = orderCategories(categories);
    const position = new Map(ordered.map((c, index) => [c.id, index]));
    // The repository returns newest first; a stable sort by category keeps that order inside each category.
    const listable = templates
      .filter((t) => position.has(t.categoryId))
      .sort((a, b) => position.get(a.categoryId)! - position.get(b.categoryId)!);
    return {
      now: deps.now(),
      categories: ordered,
      categoryById: new Map(ordered.map((c) => [c.id, c])),
      styles,
      styleById: new Map(styles.map((s) => [s.id, s])),
      events,
      templates: listable,
    };
  }

  function present(listing: Listing, templates: readonly TemplateRecord[]): TemplateSummary[] {
    return templates.map((t) =>
      presentTemplate(t, {
        category: listing.categoryById.get(t.categoryId)!,
        style: t.styleId ? (listing.styleById.get(t.styleId) ?? null) : null,
        now: listing.now,
      }),
    );
  }

  /** The templates of a category page: a category by name, or one of the special pages. */
  function templatesOfCategoryPage(listing: Listing, name: string): TemplateRecord[] {
    if (name === NEW_DROPS_CATEGORY) return selectNewDrops(listing.templates, listing.now);
    if (name === BASED_ON_RANK_CATEGORY) return listing.templates;
    const category = findByName(listing.categories, name);
    if (!category) throw new AppError('category-not-found');
    return listing.templates.filter((t) => t.categoryId === category.id);
  }

  return {
    /** Home: active events, then New Drops first and one row per active category in rank order. */
    async getHome(): Promise<HomeResponse> {
      const listing = await loadListing();
      const sections: HomeSection[] = [];
      const newDrops = selectNewDrops(listing.templates, listing.now);
      if (newDrops.length > 0) {
        sections.push({
          kind: 'new-drops',
          category: null,
          templates: present(listing, newDrops.slice(0, HOME_ROW_LIMIT)),
          total: newDrops.length,
        });
      }
      for (const category of listing.categories) {
        const templates = listing.templates.filter((t) => t.categoryId === category.id);
        if (templates.length === 0) continue;
        sections.push({
          kind: 'category',
          category: presentCategory(category),
          templates: present(listing, templates.slice(0, HOME_ROW_LIMIT)),
          total: templates.length,
        });
      }
      return { events: listing.events.map(presentEvent), sections };
    },

    /** One page (12) of templates filtered by category page, style, event and search text. */
    async listTemplates(query: TemplateListQuery): Promise<TemplatePage> {
      const listing = await loadListing();
      let templates = query.category ? templatesOfCategoryPage(listing, query.category) : listing.templates;
      if (query.style) {
        const style = findByName(listing.styles, query.style);
        if (!style) throw new AppError('style-not-found');
        templates = templates.filter((t) => t.styleId === style.id);
      }
      if (query.event) {
        const event = listing.events.find((e) => e.id === query.event);
        templates = event
          ? templates.filter((t) =>
              matchesEvent(event.tag, t.tags, listing.categoryById.get(t.categoryId)?.tags ?? []),
            )
          : [];
      }
      if (query.q) templates = templates.filter((t) => matchesSearch(t, query.q));
      const start = (query.page - 1) * CATALOG_PAGE_SIZE;
      return {
        items: present(listing, templates.slice(start, start + CATALOG_PAGE_SIZE)),
        page: query.page,
        pageSize: CATALOG_PAGE_SIZE,
        total: templates.length,
        hasMore: start + CATALOG_PAGE_SIZE < templates.length,
      };
    },

    /** The category page's heading data and the styles its style filter offers. */
    async getCategoryPage(name: string): Promise<CategoryPage> {
      const listing = await loadListing();
      const templates = templatesOfCategoryPage(listing, name);
      const styles = distinctIn(listing.styles, new Set(templates.map((t) => t.styleId)));
      if (name === NEW_DROPS_CATEGORY)
        return { kind: 'new-drops', category: null, styles: styles.map(presentStyle) };
      if (name === BASED_ON_RANK_CATEGORY) {
        return { kind: 'based-on-rank', category: null, styles: styles.map(presentStyle) };
      }
      const category = findByName(listing.categories, name)!;
      return { kind: 'category', category: presentCategory(category), styles: styles.map(presentStyle) };
    },

    /** The style page's heading data and the categories present in that style. */
    async getStylePage(name: string): Promise<StylePage> {
      const listing = await loadListing();
      const style = findByName(listing.styles, name);
      if (!style) throw new AppError('style-not-found');
      const categoryIds = new Set(
        listing.templates.filter((t) => t.styleId === style.id).map((t) => t.categoryId),
      );
      return {
        style: presentStyle(style),
        categories: distinctIn(listing.categories, categoryIds).map(presentCategory),
      };
    },

    /**
     * Categories by id, active or not (a paid card keeps its template's category after the category is
     * hidden), in home order; unknown ids are left out.
     */
    async getCategoriesByIds(ids: readonly string[]): Promise<Category[]> {
      const found = await Promise.all([...new Set(ids)].map((id) => repository.findCategory(id)));
      return orderCategories(found.filter((category) => category !== null)).map(presentCategory);
    },

    /** Active categories (home order), styles and active events. */
    async getLists(): Promise<CatalogLists> {
      const listing = await loadListing();
      return {
        categories: listing.categories.map(presentCategory),
        styles: listing.styles.map(presentStyle),
        events: listing.events.map(presentEvent),
      };
    },

    /**
     * When the answers above next change with time alone, the catalog staying as it is: a template leaving
     * New Drops (and losing its "new" mark). Null when no listed template will.
     */
    async nextTimedChange(): Promise<Date | null> {
      const listing = await loadListing();
      return nextNewDropsChange(listing.templates, listing.now);
    },

    /** One listable template (the card editor opens templates by id). */
    async getTemplate(id: string): Promise<TemplateSummary> {
      const template = await repository.findTemplate(id);
      const category = template ? await repository.findCategory(template.categoryId) : null;
      if (!template?.isActive || !category?.isActive || template.previewImage === null) {
        throw new AppError('template-not-found');
      }
      const style = template.styleId ? await repository.findStyle(template.styleId) : null;
      return presentTemplate(template, { category, style: style?.isActive ? style : null, now: deps.now() });
    },
  };
}
