import type { Delivery, DeliveryEvent, DeliveryLog } from '../../../shared/delivery/delivery.contract.ts';
import type { CardRecord } from '../cards/cards.repository.ts';
import type { DeliveryRecord } from './deliveries.repository.ts';

/**
 * What happened to a card after its mail left, told by the module that knows it: `opened` by the card's views
 * and the guests' links, `replied` by replies. `guestId` null is the card's own recipient.
 */
export interface DeliveryEventSource {
  eventsOf(card: CardRecord): Promise<{ guestId: string | null; kind: 'opened' | 'replied'; at: Date }[]>;
}

/** A delivery's own events, from its row: scheduled, then retrying, sent, bounced, unsubscribed or cancelled. */
function ownEvents(delivery: DeliveryRecord): DeliveryEvent[] {
  const event = (
    kind: DeliveryEvent['kind'],
    at: Date,
    reason: string | null = null,
    unconfirmed = false,
    gaveUp = false,
  ) => ({
    kind,
    at: at.toISOString(),
    reason,
    unconfirmed,
    gaveUp,
  });
  const events = [event('scheduled', delivery.createdAt)];
  switch (delivery.state) {
    case 'retrying':
      events.push(event('retrying', delivery.updatedAt, delivery.reason));
      break;
    case 'sent':
      events.push(event('sent', delivery.sentAt ?? delivery.updatedAt, null, delivery.unconfirmed));
      break;
    case 'bounced':
      events.push(
        event('bounced', delivery.bouncedAt ?? delivery.updatedAt, delivery.reason, false, delivery.gaveUp),
      );
      break;
    case 'unsubscribed':
    case 'cancelled':
      events.push(event(delivery.state, delivery.updatedAt));
      break;
    case 'scheduled':
    case 'sending':
      break;
  }
  return events;
}

/** A card's delivery log: each delivery with its events in time order, the sources' events added. */
export async function deliveryLogOf(
  card: CardRecord,
  deliveries: DeliveryRecord[],
  sources: readonly DeliveryEventSource[],
  link: string,
): Promise<DeliveryLog> {
  const extra = (await Promise.all(sources.map((source) => source.eventsOf(card)))).flat();
  const presented: Delivery[] = deliveries.map((delivery) => {
    const own = ownEvents(delivery);
    // What the recipient did counts once the mail was sent (before, they came by another way: not this mail's).
    const reached = delivery.state === 'sent';
    const theirs = reached
      ? extra
          .filter((event) => event.guestId === delivery.guestId)
          .map((event) => ({
            kind: event.kind,
            at: event.at.toISOString(),
            reason: null,
            unconfirmed: false,
            gaveUp: false,
          }))
      : [];
    return {
      id: delivery.id,
      address: delivery.address,
      guestId: delivery.guestId,
      state: delivery.state,
      scheduledAt: delivery.scheduledAt.toISOString(),
      events: [...own, ...theirs].sort((a, b) => a.at.localeCompare(b.at)),
    };
  });
  return { link, deliveries: presented };
}
