import type { Language } from '../../../../shared/i18n/languages.ts';
import type { Translator } from '../../../../shared/i18n/translator.ts';
import type { KeepsakeCard, KeepsakeLabels } from './keepsake-card.ts';

/**
 * The words the video draws around the card's own ("To: Bo", "From: Ana"), in the card's language as the
 * recipient page shows the card's own text, whatever language the saver's screen is in: an Arabic card saved
 * from an English My WINCS still says "إلى", and every device makes the same video of a card version.
 */
export async function keepsakeLabels(
  card: Pick<KeepsakeCard, 'language' | 'recipientName' | 'senderName'>,
  translatorOf: (language: Language) => Promise<Translator>,
): Promise<KeepsakeLabels> {
  const { t } = await translatorOf(card.language);
  return {
    to: t('keepsakeVideo.to', { name: card.recipientName }),
    from: t('keepsakeVideo.from', { name: card.senderName }),
  };
}
