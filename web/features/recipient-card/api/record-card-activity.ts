import type { CardActivity } from '../../../../shared/cards/card-views.contract.ts';
import { cardViewsApi } from '../../../../shared/api-paths.ts';

/**
 * Tells the server what this device played on the card (DESIGN §1.7), for its sender. Fire and forget: it
 * must never disturb the recipient, and `keepalive` lets it finish when the page is closed right after.
 */
export function recordCardActivity(cardId: string, activity: CardActivity): void {
  void fetch(cardViewsApi.activity(cardId), {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ activity }),
  }).catch(() => undefined);
}
