import crypto from 'node:crypto';
import type {
  Category,
  CatalogEvent,
  Style,
  TemplateImageVariant,
  TemplatePictures,
  TemplateSummary,
} from '../../../shared/catalog/catalog.contract.ts';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages.ts';
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
/** Bounds the memo; a catalog has far fewer distinct image sets. */
const MAX_MEMOIZED_VERSIONS = 10_000;

/** Changes whenever any of a template's images changes (a language's cover too), so image URLs can be cached forever. */
export function imageVersion(
  template: Pick<TemplateRecord, 'previewImage' | 'animatedImage' | 'languageCovers'>,
): string {
  const covers = LANGUAGES.map((language) => {
    const cover = template.languageCovers[language];
    return cover ? `${language}:${cover.previewImage}|${cover.animatedImage ?? ''}` : '';
  }).join('|');
  const key = `${template.previewImage ?? ''}|${template.animatedImage ?? ''}|${covers}`;
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
 * `language` names the language cover the reference is (the route serves it by that language).
 */
export function templatePictureUrl(
  t: Pick<TemplateRecord, 'id'>,
  reference: string | null,
  variant: TemplateImageVariant,
  version: string,
  language?: Language,
): string {
  return reference === null || isMedia(reference)
    ? catalogApi.templateImage(t.id, variant, version, language)
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

/** The pictures of one cover (the default one, or a language's when `language` is given). */
function presentPictures(
  t: TemplateRecord,
  images: { previewImage: string | null; animatedImage: string | null },
  version: string,
  language?: Language,
): TemplatePictures {
  const external = images.previewImage !== null && !isMedia(images.previewImage);
  const picture = (variant: TemplateImageVariant) =>
    catalogApi.templateImage(t.id, variant, version, language);
  return {
    thumbnailUrl: templatePictureUrl(t, images.previewImage, 'thumb', version, language),
    thumbnailSrcSet: external
      ? null
      : `${picture('thumb-1x')} ${LIST_PICTURE_WIDTH}w, ${picture('thumb-2x')} ${LIST_PICTURE_WIDTH * 2}w`,
    coverUrl: templatePictureUrl(t, images.previewImage, 'cover', version, language),
    animatedUrl:
      images.animatedImage === null
        ? null
        : templatePictureUrl(t, images.animatedImage, 'original', version, language),
  };
}

/** The pictures of each language cover a template has. */
export function presentLanguagePictures(
  t: TemplateRecord,
  version: string,
): Partial<Record<Language, TemplatePictures>> {
  const out: Partial<Record<Language, TemplatePictures>> = {};
  for (const language of LANGUAGES) {
    const cover = t.languageCovers[language];
    if (cover) out[language] = presentPictures(t, cover, version, language);
  }
  return out;
}

export function presentTemplate(
  t: TemplateRecord,
  context: { category: CategoryRecord; style: StyleRecord | null; now: Date },
): TemplateSummary {
  const version = imageVersion(t);
  return {
    ...presentTemplateTexts(t),
    categoryName: context.category.name,
    styleId: context.style?.id ?? null,
    styleName: context.style?.name ?? null,
    isNew: isNewDrop(t.createdAt, context.now),
    ...presentPictures(t, t, version),
    languagePictures: presentLanguagePictures(t, version),
  };
}
