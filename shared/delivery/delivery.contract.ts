import { z } from 'zod';
import { wellFormedTextSchema } from '../text/names.ts';

/** The longest address SMTP carries (RFC 5321: 64 + 1 + 255, and a path of 256 at most). */
export const EMAIL_ADDRESS_MAX = 254;

/**
 * One address a person typed, as Winc mails it: a single mailbox `local@domain.tld`, with no display name,
 * no list (`,` `;`), no spaces and no control characters — CR or LF would let it write headers of its own.
 * Answers the address trimmed, or null when it is not one.
 */
export function deliverableAddress(input: string): string | null {
  const address = input.trim();
  if (address.length === 0 || address.length > EMAIL_ADDRESS_MAX) return null;
  // Control characters (CR, LF, NUL, tabs…) anywhere: a header injection, never an address.
  if ([...address].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  return /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(
    address,
  ) && !/\.\.|^\.|\.@/.test(address)
    ? address
    : null;
}

/** The sender mails the card to its recipient, at `at` (ISO instant; now when left out). */
export const scheduleDeliveryRequestSchema = z.object({
  // Refused whole (not cleaned) when it holds what is not text: the service then checks it is one mailbox.
  address: wellFormedTextSchema().max(1000),
  at: z.iso.datetime({ offset: true }).optional(),
});
export type ScheduleDeliveryRequest = z.infer<typeof scheduleDeliveryRequestSchema>;

/** What happened to a delivery, in the order the log shows it. */
export const DELIVERY_EVENT_KINDS = [
  'scheduled',
  'retrying',
  'sent',
  'bounced',
  'unsubscribed',
  'cancelled',
  'opened',
  'replied',
] as const;
export type DeliveryEventKind = (typeof DELIVERY_EVENT_KINDS)[number];

export const deliveryEventSchema = z.object({
  kind: z.enum(DELIVERY_EVENT_KINDS),
  at: z.string(),
  /** The server's words: why it bounced or is retried. */
  reason: z.string().nullable(),
  /** A `sent` whose server answer was never recorded (the instance died while the mail left). */
  unconfirmed: z.boolean(),
  /** A `bounced` because a day of temporary refusals ran the retries out (`reason` is the last one). */
  gaveUp: z.boolean(),
});
export type DeliveryEvent = z.infer<typeof deliveryEventSchema>;

export const DELIVERY_STATES = [
  'scheduled',
  'retrying',
  'sending',
  'sent',
  'bounced',
  'unsubscribed',
  'cancelled',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const deliverySchema = z.object({
  id: z.string(),
  address: z.string(),
  /** The invitation's guest it was for; null for the card's recipient. */
  guestId: z.string().nullable(),
  state: z.enum(DELIVERY_STATES),
  scheduledAt: z.string(),
  events: z.array(deliveryEventSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** A card's delivery log: one entry per address it was mailed to. */
export const deliveryLogSchema = z.object({
  /** The link to copy instead, when a mail did not arrive. */
  link: z.string(),
  deliveries: z.array(deliverySchema),
});
export type DeliveryLog = z.infer<typeof deliveryLogSchema>;

/** "Send invitations by email": the guests with an address who were not mailed yet get theirs now. */
export const mailGuestsResponseSchema = z.object({ scheduled: z.number().int() });
