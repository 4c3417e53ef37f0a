import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import type { TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { cardKeys, fetchCard } from '../../../lib/cards-api.ts';
import { editorTemplateOf, editorTemplateOfCard, type EditorTemplate } from './use-card-editor.ts';
import { catalogApi } from '../../../../shared/api-paths.ts';

/**
 * SPEC §2: arriving on Home with the edit-modal navigation state reopens the modal with the template and the
 * saved card. The template comes from the catalog; one the catalog no longer lists falls back to what the card
 * remembers of it (its cover and name). Calls `onReady` once per card id, or `onError` when the card is gone.
 */
export function useReopenEditor(
  cardId: string | null,
  onReady: (card: Card, template: EditorTemplate) => void,
  onError: (error: unknown) => void,
) {
  const card = useQuery({
    queryKey: cardKeys.card(cardId ?? ''),
    queryFn: ({ signal }) => fetchCard(cardId ?? '', signal),
    enabled: cardId !== null,
    staleTime: 0,
  });
  const templateId = card.data?.templateId ?? null;
  const template = useQuery({
    queryKey: ['catalog', 'template', templateId],
    queryFn: async ({ signal }) =>
      getJson<TemplateSummary>(catalogApi.template(templateId ?? ''), undefined, signal),
    enabled: templateId !== null,
    retry: false,
  });

  const handled = useRef<string | null>(null);
  const templateSettled = templateId === null || !template.isPending;
  useEffect(() => {
    if (cardId === null) {
      handled.current = null;
      return;
    }
    if (handled.current === cardId) return;
    if (card.isError) {
      handled.current = cardId;
      onError(card.error);
    } else if (card.data && card.data.id === cardId && templateSettled) {
      handled.current = cardId;
      onReady(card.data, template.data ? editorTemplateOf(template.data) : editorTemplateOfCard(card.data));
    }
  }, [cardId, card.data, card.isError, card.error, template.data, templateSettled, onReady, onError]);
}
