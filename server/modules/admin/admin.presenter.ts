import type {
  AdminCategory,
  AdminEvent,
  AdminStyle,
  AdminTemplate,
} from '../../../shared/admin/admin.contract.ts';
import {
  imageVersion,
  presentCategory,
  presentEvent,
  presentLanguagePictures,
  presentStyle,
  presentTemplateTexts,
  templateAnimationUrl,
  templatePictureUrl,
} from '../catalog/catalog.presenter.ts';
import type { CategoryRecord, EventRecord, StyleRecord, TemplateRecord } from '../catalog/catalog-source.ts';

/** What the admin area sees of each row: what visitors see of it, and whether they see it; hidden rows too. */

export const presentAdminCategory = (c: CategoryRecord): AdminCategory => ({
  ...presentCategory(c),
  isActive: c.isActive,
});

export const presentAdminStyle = (s: StyleRecord): AdminStyle => ({
  ...presentStyle(s),
  isActive: s.isActive,
});

export const presentAdminEvent = (e: EventRecord): AdminEvent => ({
  ...presentEvent(e),
  isActive: e.isActive,
});

/** The pictures are the visitors' ones (the list picture at twice its size), or null while there is no artwork. */
export function presentAdminTemplate(t: TemplateRecord): AdminTemplate {
  const version = imageVersion(t);
  const picture = (variant: 'thumb-2x' | 'cover') =>
    t.previewImage === null ? null : templatePictureUrl(t, t.previewImage, variant, version);
  return {
    ...presentTemplateTexts(t),
    styleId: t.styleId,
    isActive: t.isActive,
    thumbnailUrl: picture('thumb-2x'),
    coverUrl: picture('cover'),
    animatedUrl: templateAnimationUrl(t, version),
    languageCovers: Object.fromEntries(
      Object.entries(presentLanguagePictures(t, version)).map(([language, pictures]) => [
        language,
        { coverUrl: pictures.coverUrl, animatedUrl: pictures.animatedUrl },
      ]),
    ),
  };
}
