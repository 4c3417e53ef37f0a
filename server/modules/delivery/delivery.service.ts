import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import { failpoint } from '../../platform/failpoints.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isLastAttempt, PermanentJobError, type JobRunner } from '../../platform/jobs/job-runner.ts';
import type { JobRecord } from '../../platform/jobs/jobs.repository.ts';
import type { Mailer } from '../../platform/mail/mail-messages.ts';
import { deliveryApi, linkPreviewApi } from '../../../shared/api-paths.ts';
import { deliverableAddress } from '../../../shared/delivery/delivery.contract.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { CardRecord } from '../cards/cards.repository.ts';
import type { DeliveriesRepository, DeliveryRecord } from './deliveries.repository.ts';

/** The job that mails one delivery; its key names the delivery, so it exists once. */
export const DELIVERY_JOB = 'card-delivery';
const jobKeyOf = (deliveryId: string) => `${DELIVERY_JOB}:${deliveryId}`;

/** The topic announcing that a user's deliveries moved on (the owner's id is the key). */
export const DELIVERY_CHANGED = 'card-delivery';

/** A guest of an invitation, as delivery needs them. */
export interface DeliveryGuest {
  id: string;
  name: string;
  email: string | null;
  /** Their own link's path. */
  linkPath: string;
  language: Language;
  /** They stopped this invitation's mails. */
  optedOut: boolean;
  openedAt: Date | null;
}

/** The invitation's guests, from the module that keeps them. */
export interface DeliveryGuests {
  listOf(card: CardRecord): Promise<DeliveryGuest[]>;
}

/** The server's code and words of an SMTP refusal, as nodemailer reports it; null for anything else. */
function smtpRefusal(error: unknown): { code: number; reason: string } | null {
  const code = (error as { responseCode?: unknown }).responseCode;
  if (typeof code !== 'number') return null;
  return { code, reason: (error as { response?: string }).response ?? String(code) };
}

/** Thrown into the mail's body stream when another run already took the delivery: nothing is sent. */
class TakenElsewhere extends Error {
  override name = 'TakenElsewhere';
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type DeliveryService = ReturnType<typeof createDeliveryService>;

/**
 * Cards mailed to their recipient, and invitations to their guests (DESIGN §1.22), each exactly once across
 * instances and restarts: one delivery row per card and address, one job per delivery. The delivery row
 * records `sending` with our Message-ID once the server answered DATA and before the body leaves; a run
 * that finds it `sending` (its sender died in that window) never mails again: it is sent, unconfirmed.
 * Temporary refusals are retried with the jobs' back-off for about a day; a refusal for good is a bounce.
 */
export function createDeliveryService(deps: {
  repository: DeliveriesRepository;
  database: Database;
  jobs: JobRunner;
  mailer: Mailer;
  /** Paid, shared cards (the link works). */
  cards: { find(cardId: string): Promise<CardRecord | undefined> };
  guests: DeliveryGuests;
  previews: { currentCardImage(cardId: string): Promise<Buffer> };
  notifications: Pick<Notifications, 'publish'>;
  origin: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const { repository, jobs, mailer, now, log } = deps;
  const messageDomain = new URL(deps.origin).hostname || 'winc.local';

  const announce = (card: Pick<CardRecord, 'userId'> | undefined) => {
    if (card?.userId) deps.notifications.publish(DELIVERY_CHANGED, card.userId);
  };

  async function guestOf(card: CardRecord, guestId: string): Promise<DeliveryGuest | undefined> {
    return (await deps.guests.listOf(card)).find((guest) => guest.id === guestId);
  }

  /** The deliveries to schedule, each with its job, in one transaction; their jobs run when due. */
  async function scheduleAll(
    card: CardRecord,
    entries: { address: string; guestId: string | null }[],
    at: Date,
  ): Promise<DeliveryRecord[]> {
    const runAt = new Date(Math.max(at.getTime(), now().getTime()));
    const scheduled = await deps.database.db.transaction().execute(async (trx) => {
      const records: DeliveryRecord[] = [];
      for (const entry of entries) {
        const delivery = await repository.upsert(
          { cardId: card.id, guestId: entry.guestId, address: entry.address, at: runAt, now: now() },
          trx,
        );
        if (delivery.state === 'scheduled' || delivery.state === 'retrying') {
          await jobs.schedule(
            { kind: DELIVERY_JOB, key: jobKeyOf(delivery.id), runAt, payload: { deliveryId: delivery.id } },
            trx,
          );
        }
        records.push(delivery);
      }
      return records;
    });
    announce(card);
    if (runAt.getTime() <= now().getTime()) {
      jobs.runDue().catch((error: unknown) => log.error({ err: error }, 'delivery: running due jobs failed'));
    }
    return scheduled;
  }

  /** Mails one delivery, if it is still to be sent (see the module's comment for the states). */
  async function send(deliveryId: string, job: JobRecord): Promise<void> {
    const delivery = await repository.find(deliveryId);
    if (!delivery) return;
    const card = await deps.cards.find(delivery.cardId);
    if (delivery.state === 'sending') {
      // Its sender died (or lost the connection) while the server took the body: the server may have it.
      await repository.markSentUnconfirmed(delivery.id, now());
      announce(card);
      return;
    }
    if (delivery.state !== 'scheduled' && delivery.state !== 'retrying') return;
    if (!card) {
      await repository.markCancelled(delivery.id, now());
      return;
    }
    if (await repository.isSuppressed(delivery.address)) {
      await repository.markUnsubscribed(delivery.id, now());
      announce(card);
      return;
    }
    const guest = delivery.guestId === null ? null : await guestOf(card, delivery.guestId);
    if (guest === undefined || guest?.optedOut) {
      await repository.markCancelled(delivery.id, now());
      announce(card);
      return;
    }
    failpoint('delivery:before-send');
    const image = await deps.previews.currentCardImage(card.id).catch((error: unknown) => {
      log.warn({ err: error, cardId: card.id }, 'delivery: the preview image could not be drawn');
      return null;
    });
    const messageId = `<${crypto.randomUUID()}@${messageDomain}>`;
    let bodyStarted = false;
    try {
      const { response } = await mailer.deliver(
        {
          kind: 'card-delivery',
          to: delivery.address,
          language: guest?.language ?? card.language,
          sender: card.senderName,
          recipientName: guest?.name ?? card.recipientName,
          url: `${deps.origin}${guest ? guest.linkPath : linkPreviewApi.page(card.id)}`,
          unsubscribeUrl: `${deps.origin}${deliveryApi.unsubscribe(delivery.unsubscribeToken)}`,
          image,
        },
        {
          messageId,
          beforeBody: async () => {
            if (!(await repository.markSending(delivery.id, messageId, now()))) {
              throw new TakenElsewhere('delivery: another run took this delivery');
            }
            bodyStarted = true;
          },
        },
      );
      failpoint('delivery:after-smtp-accept');
      await repository.markSent(delivery.id, response, now());
      announce(card);
    } catch (error) {
      // Another run (this one's lease ran out) is sending it: that run records what happens.
      if (error instanceof TakenElsewhere || (error as { cause?: unknown }).cause instanceof TakenElsewhere)
        return;
      const refusal = smtpRefusal(error);
      // The body was leaving and no answer came: the server may have it. The next run records it as sent.
      if (bodyStarted && refusal === null) throw error;
      const reason = refusal?.reason ?? reasonOf(error);
      if (refusal !== null && refusal.code >= 500) {
        await repository.markBounced(delivery.id, reason, now());
        announce(card);
        throw new PermanentJobError(reason);
      }
      if (isLastAttempt(job)) {
        await repository.markBounced(delivery.id, reason, now(), true);
        announce(card);
        throw new PermanentJobError(reason);
      }
      await repository.markRetrying(delivery.id, reason, now());
      announce(card);
      throw error;
    }
  }

  jobs.handle(DELIVERY_JOB, (payload, job) => send((payload as { deliveryId: string }).deliveryId, job));

  return {
    /**
     * Mails the card to `address` at `at` (now, or the reveal time): refused unless it is one valid address
     * that did not unsubscribe. The same address again moves its delivery while it has not left.
     */
    async schedule(card: CardRecord, input: { address: string; at: Date }): Promise<DeliveryRecord> {
      const address = deliverableAddress(input.address);
      if (address === null) throw new AppError('delivery-address-invalid');
      if (await repository.isSuppressed(address)) throw new AppError('delivery-address-unsubscribed');
      const [delivery] = await scheduleAll(card, [{ address, guestId: null }], input.at);
      // The preview is drawn now, in the background, so the minute the mails go is spent on mail alone.
      deps.previews.currentCardImage(card.id).catch((error: unknown) => {
        log.warn({ err: error, cardId: card.id }, 'delivery: the preview image could not be drawn');
      });
      return delivery!;
    },

    /** Mails the invitation at `at` to each guest with an address, who did not opt out and was not mailed. */
    async scheduleGuests(card: CardRecord, at: Date): Promise<number> {
      const mailed = new Set((await repository.listOf(card.id)).map((d) => d.guestId));
      const entries: { address: string; guestId: string }[] = [];
      for (const guest of await deps.guests.listOf(card)) {
        const address = guest.email === null ? null : deliverableAddress(guest.email);
        if (address === null || guest.optedOut || mailed.has(guest.id)) continue;
        if (await repository.isSuppressed(address)) continue;
        entries.push({ address, guestId: guest.id });
      }
      if (entries.length > 0) await scheduleAll(card, entries, at);
      return entries.length;
    },

    /** The card's mails that have not left go at `at` instead (the reveal time moved). */
    async moveTo(card: CardRecord, at: Date): Promise<void> {
      const runAt = new Date(Math.max(at.getTime(), now().getTime()));
      await deps.database.db.transaction().execute(async (trx) => {
        for (const id of await repository.moveUnsent(card.id, runAt, now(), trx)) {
          await jobs.schedule(
            { kind: DELIVERY_JOB, key: jobKeyOf(id), runAt, payload: { deliveryId: id } },
            trx,
          );
        }
      });
      announce(card);
    },

    /** The card's mails that have not left are dropped (the card was deleted, or its sending called off). */
    async cancel(card: CardRecord): Promise<void> {
      await deps.database.db.transaction().execute(async (trx) => {
        for (const id of await repository.cancelUnsent(card.id, now(), trx)) {
          await jobs.cancel(jobKeyOf(id), trx);
        }
      });
      announce(card);
    },
  };
}
