import { useCallback, useState } from 'react';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import type { TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';
import type { Language, Translations } from '../../../../shared/i18n/languages.ts';

/**
 * What the editor shows of the template: its id (for the card), name (with its translations, shown in the UI
 * language) and cover (the header thumbnail), and its category, from which the AI message dialog preselects
 * the occasion (null when not known).
 */
export interface EditorTemplate {
  id: string | null;
  name: string;
  nameTranslations: Translations;
  coverUrl: string | null;
  /** The covers lettered in one card language each; a language missing here shows `coverUrl`. */
  languageCoverUrls: Partial<Record<Language, string>>;
  categoryName: string | null;
}

export interface CardEditorTarget {
  template: EditorTemplate;
  /** The saved card when editing; null when creating. */
  card: Card | null;
}

export function editorTemplateOf(template: TemplateSummary): EditorTemplate {
  return {
    id: template.id,
    name: template.name,
    nameTranslations: template.translations.name,
    coverUrl: template.coverUrl,
    languageCoverUrls: Object.fromEntries(
      Object.entries(template.languagePictures).map(([language, pictures]) => [language, pictures.coverUrl]),
    ),
    categoryName: template.categoryName,
  };
}

/** The template a saved card was made from, as the card remembers it (when the catalog no longer lists it). */
export function editorTemplateOfCard(card: Card): EditorTemplate {
  return {
    id: card.templateId,
    name: card.title,
    nameTranslations: {},
    coverUrl: card.templateImageUrl,
    languageCoverUrls: {},
    categoryName: null,
  };
}

/** Open/closed state of the create/edit modal, for the route that hosts it. */
export function useCardEditor() {
  const [target, setTarget] = useState<CardEditorTarget | null>(null);
  const openCreate = useCallback(
    (template: TemplateSummary) => setTarget({ template: editorTemplateOf(template), card: null }),
    [],
  );
  const openEdit = useCallback((card: Card, template: EditorTemplate) => setTarget({ template, card }), []);
  const close = useCallback(() => setTarget(null), []);
  return { target, openCreate, openEdit, close };
}
