import crypto from 'node:crypto';
import type {
  Category,
  CatalogEvent,
  Style,
  TemplateImageVariant,
  TemplateSummary,
} from '../../../shared/catalog/catalog.contract.ts';
import { isNewDrop } from '../../../shared/catalog/catalog.rules.ts';
import {
  MEDIA_PREFIX,
  type CategoryRecord,
  type EventRecord,
  type StyleRecord,
  type TemplateRecord,
} from './catalog-source.ts';
import { LIST_PICTURE_WIDTH } from '../../../shared/constants.ts';
import { catalogApi } from '../../../shared/api-paths.ts';

/** Presenters pick the public fields explicitly; nothing else of a record reaches a response. */

export function presentCategory(c: CategoryRecord): Category {
  return { id: c.id, name: c.name, translations: c.translations, rank: c.rank, tags: c.tags };
}

export function presentStyle(s: StyleRecord): Style {
  return { id: s.id, name: s.name, translations: s.translations };
}

export function presentEvent(e: EventRecord): CatalogEvent {
  return { id: e.id, name: e.name, tag: e.tag, iconKeyword: e.iconKeyword, translations: e.translations };
}

const versions = new Map<string, string>();
/** Bounds the memo; a catalog has far fewer distinct image pairs. */
const MAX_MEMOIZED_VERSIONS = 10_000;

/** Changes whenever a template's images change, so image URLs can be cached forever. */
export function imageVersion(template: Pick<TemplateRecord, 'previewImage' | 'animatedImage'>): string {
  const key = `${template.previewImage ?? ''}|${template.animatedImage ?? ''}`;
  let version = versions.get(key);
  if (version === undefined) {
    version = crypto.createHash('sha1').update(key).digest('base64url').slice(0, 10);
    if (versions.size >= MAX_MEMOIZED_VERSIONS) versions.clear();
    versions.set(key, version);
  }
  return version;
}

const isMedia = (ref: string | null): ref is string => ref !== null && ref.startsWith(MEDIA_PREFIX);

/**
 * The URL of a template picture: our own artwork (or none yet) goes through the image route, sized and
 * cached; an imported external URL is used as is. Visitors' and the admin area's answers both use it.
 */
export function templatePictureUrl(
  t: Pick<TemplateRecord, 'id'>,
  reference: string | null,
  variant: TemplateImageVariant,
  version: string,
): string {
  return reference === null || isMedia(reference)
    ? catalogApi.templateImage(t.id, variant, version)
    : reference;
}

/** The animation's URL, or null for a still template. */
export function templateAnimationUrl(t: TemplateRecord, version: string): string | null {
  return t.animatedImage === null ? null : templatePictureUrl(t, t.animatedImage, 'original', version);
}

/** What visitors and the admin area alike see of a template, besides its style and pictures. */
export function presentTemplateTexts(t: TemplateRecord) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    translations: t.translations,
    tags: t.tags,
    categoryId: t.categoryId,
    createdAt: t.createdAt.toISOString(),
  };
}

export function presentTemplate(
  t: TemplateRecord,
  context: { category: CategoryRecord; style: StyleRecord | null; now: Date },
): TemplateSummary {
  const version = imageVersion(t);
  const external = t.previewImage !== null && !isMedia(t.previewImage);
  const thumbnailSrcSet = external
    ? null
    : `${catalogApi.templateImage(t.id, 'thumb-1x', version)} ${LIST_PICTURE_WIDTH}w, ` +
      `${catalogApi.templateImage(t.id, 'thumb-2x', version)} ${LIST_PICTURE_WIDTH * 2}w`;
  return {
    ...presentTemplateTexts(t),
    categoryName: context.category.name,
    styleId: context.style?.id ?? null,
    styleName: context.style?.name ?? null,
    isNew: isNewDrop(t.createdAt, context.now),
    thumbnailUrl: templatePictureUrl(t, t.previewImage, 'thumb', version),
    thumbnailSrcSet,
    coverUrl: templatePictureUrl(t, t.previewImage, 'cover', version),
    animatedUrl: templateAnimationUrl(t, version),
  };
}
