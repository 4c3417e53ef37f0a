import { textDirection, type Language } from '../../../shared/i18n/languages.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';
import { translatorFor } from '../../platform/i18n/translator.ts';

/**
 * The page of a delivered card's unsubscribe link, in the card's language, that works without the app's
 * script: it asks first (`action` set), says it is done, or that the link leads nowhere (`address` null).
 */
export function deliveryUnsubscribePage(
  language: Language,
  address: string | null,
  action: string | null,
): string {
  const t = translatorFor(language);
  const heading = t('delivery.unsubscribe.title');
  const body =
    address === null
      ? `<p>${escapeHtml(t('delivery.unsubscribe.unknown'))}</p>`
      : action === null
        ? `<p>${escapeHtml(t('delivery.unsubscribe.done', { address }))}</p>`
        : `<p>${escapeHtml(t('delivery.unsubscribe.ask', { address }))}</p><form method="post" action="${escapeHtml(
            action,
          )}"><button type="submit">${escapeHtml(t('delivery.unsubscribe.button'))}</button></form>`;
  return `<!doctype html>
<html lang="${language}" dir="${textDirection(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(heading)}</title>
</head>
<body><h1>${escapeHtml(heading)}</h1>${body}</body>
</html>
`;
}
