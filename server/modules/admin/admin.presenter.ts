import type {
  AdminCategory,
  AdminEvent,
  AdminStyle,
  AdminTemplate,
} from '../../../shared/admin/admin.contract.ts';
import { catalogApi } from '../../../shared/api-paths.ts';
import { imageVersion } from '../catalog/catalog.presenter.ts';
import {
  MEDIA_PREFIX,
  type CategoryRecord,
  type EventRecord,
  type StyleRecord,
  type TemplateRecord,
} from '../catalog/catalog-source.ts';

/** What the admin area sees of each row: every field an admin edits, hidden rows included. */

export const presentAdminCategory = (c: CategoryRecord): AdminCategory => ({
  id: c.id,
  name: c.name,
  translations: c.translations,
  rank: c.rank,
  isActive: c.isActive,
  tags: c.tags,
});

export const presentAdminStyle = (s: StyleRecord): AdminStyle => ({
  id: s.id,
  name: s.name,
  translations: s.translations,
  isActive: s.isActive,
});

export const presentAdminEvent = (e: EventRecord): AdminEvent => ({
  id: e.id,
  name: e.name,
  tag: e.tag,
  iconKeyword: e.iconKeyword,
  translations: e.translations,
  isActive: e.isActive,
});

/** The pictures come from the image route, as for visitors; an imported external URL is shown as is. */
export function presentAdminTemplate(t: TemplateRecord): AdminTemplate {
  const version = imageVersion(t);
  const ours = (ref: string | null) => ref?.startsWith(MEDIA_PREFIX) === true;
  const picture = (variant: 'thumb-2x' | 'cover') =>
    t.previewImage === null
      ? null
      : ours(t.previewImage)
        ? catalogApi.templateImage(t.id, variant, version)
        : t.previewImage;
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    translations: t.translations,
    tags: t.tags,
    categoryId: t.categoryId,
    styleId: t.styleId,
    isActive: t.isActive,
    createdAt: t.createdAt.toISOString(),
    thumbnailUrl: picture('thumb-2x'),
    coverUrl: picture('cover'),
    animatedUrl:
      t.animatedImage === null
        ? null
        : ours(t.animatedImage)
          ? catalogApi.templateImage(t.id, 'original', version)
          : t.animatedImage,
  };
}
