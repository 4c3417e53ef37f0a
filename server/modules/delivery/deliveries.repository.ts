import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DeliveryState } from '../../../shared/delivery/delivery.contract.ts';

export interface DeliveryRecord {
  id: string;
  cardId: string;
  guestId: string | null;
  address: string;
  state: DeliveryState;
  scheduledAt: Date;
  messageId: string | null;
  smtpResponse: string | null;
  unconfirmed: boolean;
  reason: string | null;
  /** Bounced because the retries ran out, not on a refusal for good. */
  gaveUp: boolean;
  sentAt: Date | null;
  bouncedAt: Date | null;
  unsubscribeToken: string;
  createdAt: Date;
  updatedAt: Date;
}

export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;

/** The key one address is known by: mailboxes are matched without regard to case. */
export const addressKeyOf = (address: string) => address.toLowerCase();

/** The states a delivery can still be sent from (nothing of it has left yet). */
const UNSENT: DeliveryState[] = ['scheduled', 'retrying'];

/** The deliveries and suppression tables, written only here (SQLite and PostgreSQL alike). */
export function createDeliveriesRepository(database: Database) {
  const { db, codec } = database;

  const toRecord = (row: {
    id: string;
    cardId: string;
    guestId: string | null;
    address: string;
    status: string;
    scheduledAt: unknown;
    messageId: string | null;
    smtpResponse: string | null;
    unconfirmed: unknown;
    reason: string | null;
    gaveUp: unknown;
    sentAt: unknown;
    bouncedAt: unknown;
    unsubscribeToken: string;
    createdAt: unknown;
    updatedAt: unknown;
  }): DeliveryRecord => ({
    id: row.id,
    cardId: row.cardId,
    guestId: row.guestId,
    address: row.address,
    state: row.status as DeliveryState,
    scheduledAt: codec.readDate(row.scheduledAt),
    messageId: row.messageId,
    smtpResponse: row.smtpResponse,
    unconfirmed: codec.readBool(row.unconfirmed),
    reason: row.reason,
    gaveUp: codec.readBool(row.gaveUp),
    sentAt: row.sentAt === null ? null : codec.readDate(row.sentAt),
    bouncedAt: row.bouncedAt === null ? null : codec.readDate(row.bouncedAt),
    unsubscribeToken: row.unsubscribeToken,
    createdAt: codec.readDate(row.createdAt),
    updatedAt: codec.readDate(row.updatedAt),
  });

  const columns = [
    'id',
    'cardId',
    'guestId',
    'address',
    'status',
    'scheduledAt',
    'messageId',
    'smtpResponse',
    'unconfirmed',
    'reason',
    'gaveUp',
    'sentAt',
    'bouncedAt',
    'unsubscribeToken',
    'createdAt',
    'updatedAt',
  ] as const;

  /** Moves a delivery from one of `from` to a new state; false when it was in none of them. */
  async function transition(
    id: string,
    from: DeliveryState[],
    set: Partial<{
      status: DeliveryState;
      messageId: string;
      smtpResponse: string;
      unconfirmed: boolean;
      gaveUp: boolean;
      reason: string | null;
      sendingAt: Date;
      sentAt: Date;
      bouncedAt: Date;
      scheduledAt: Date;
    }>,
    at: Date,
    executor: Database['db'] | Transaction<DB> = db,
  ): Promise<boolean> {
    const result = await executor
      .updateTable('deliveries')
      .set({
        ...(set.status ? { status: set.status } : {}),
        ...(set.messageId ? { messageId: set.messageId } : {}),
        ...(set.smtpResponse !== undefined ? { smtpResponse: set.smtpResponse } : {}),
        ...(set.unconfirmed !== undefined ? { unconfirmed: codec.bool(set.unconfirmed) } : {}),
        ...(set.gaveUp !== undefined ? { gaveUp: codec.bool(set.gaveUp) } : {}),
        ...(set.reason !== undefined ? { reason: set.reason } : {}),
        ...(set.sendingAt ? { sendingAt: codec.date(set.sendingAt) } : {}),
        ...(set.sentAt ? { sentAt: codec.date(set.sentAt) } : {}),
        ...(set.bouncedAt ? { bouncedAt: codec.date(set.bouncedAt) } : {}),
        ...(set.scheduledAt ? { scheduledAt: codec.date(set.scheduledAt) } : {}),
        updatedAt: codec.date(at),
      })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  return {
    /**
     * The delivery of the card to the address: a new one scheduled at `at`, or the one that exists (an
     * address is mailed a card once) — moved to `at` while it has not left yet.
     */
    async upsert(
      input: { cardId: string; guestId: string | null; address: string; at: Date; now: Date },
      executor: Database['db'] | Transaction<DB>,
    ): Promise<DeliveryRecord> {
      const addressKey = addressKeyOf(input.address);
      await executor
        .insertInto('deliveries')
        .values({
          id: crypto.randomUUID(),
          cardId: input.cardId,
          guestId: input.guestId,
          address: input.address,
          addressKey,
          status: 'scheduled',
          scheduledAt: codec.date(input.at),
          unsubscribeToken: crypto.randomBytes(16).toString('base64url'),
          createdAt: codec.date(input.now),
          updatedAt: codec.date(input.now),
        })
        .onConflict((oc) =>
          oc
            .columns(['cardId', 'addressKey'])
            .doUpdateSet({ scheduledAt: codec.date(input.at), updatedAt: codec.date(input.now) })
            .where('deliveries.status', 'in', UNSENT),
        )
        .execute();
      const row = await executor
        .selectFrom('deliveries')
        .select(columns)
        .where('cardId', '=', input.cardId)
        .where('addressKey', '=', addressKey)
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    async find(id: string): Promise<DeliveryRecord | undefined> {
      const row = await db.selectFrom('deliveries').select(columns).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async findByToken(token: string): Promise<DeliveryRecord | undefined> {
      const row = await db
        .selectFrom('deliveries')
        .select(columns)
        .where('unsubscribeToken', '=', token)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async listOf(cardId: string): Promise<DeliveryRecord[]> {
      const rows = await db
        .selectFrom('deliveries')
        .select(columns)
        .where('cardId', '=', cardId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },

    /** The card's deliveries that have not left yet: moved to `at`. */
    async moveUnsent(cardId: string, at: Date, now: Date, executor: Transaction<DB>): Promise<string[]> {
      const rows = await executor
        .updateTable('deliveries')
        .set({ scheduledAt: codec.date(at), updatedAt: codec.date(now) })
        .where('cardId', '=', cardId)
        .where('status', 'in', UNSENT)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The card's deliveries that have not left yet: cancelled. */
    async cancelUnsent(cardId: string, now: Date, executor: Transaction<DB>): Promise<string[]> {
      const rows = await executor
        .updateTable('deliveries')
        .set({ status: 'cancelled', updatedAt: codec.date(now) })
        .where('cardId', '=', cardId)
        .where('status', 'in', UNSENT)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The server answered DATA: the body is about to leave, under `messageId`. Only from a state where
     * nothing left yet, so a second sender (a run whose lease ran out) finds it taken and sends nothing.
     */
    markSending: (id: string, messageId: string, at: Date) =>
      transition(id, UNSENT, { status: 'sending', messageId, sendingAt: at, reason: null }, at),

    markSent: (id: string, response: string, at: Date) =>
      transition(id, ['sending'], { status: 'sent', smtpResponse: response, sentAt: at }, at),

    /** Found in `sending` after its sender died: the server may have the mail; it is never sent again. */
    markSentUnconfirmed: (id: string, at: Date) =>
      transition(id, ['sending'], { status: 'sent', unconfirmed: true, sentAt: at }, at),

    markRetrying: (id: string, reason: string, at: Date) =>
      transition(id, [...UNSENT, 'sending'], { status: 'retrying', reason }, at),

    /** Refused for good (`gaveUp` false: the server said so; true: its temporary refusals lasted a day). */
    markBounced: (id: string, reason: string, at: Date, gaveUp = false) =>
      transition(id, [...UNSENT, 'sending'], { status: 'bounced', reason, gaveUp, bouncedAt: at }, at),

    markUnsubscribed: (id: string, at: Date) => transition(id, UNSENT, { status: 'unsubscribed' }, at),

    markCancelled: (id: string, at: Date) => transition(id, UNSENT, { status: 'cancelled' }, at),

    async isSuppressed(address: string): Promise<boolean> {
      const row = await db
        .selectFrom('deliverySuppressions')
        .select('addressKey')
        .where('addressKey', '=', addressKeyOf(address))
        .executeTakeFirst();
      return row !== undefined;
    },

    async suppress(address: string, at: Date): Promise<void> {
      await db
        .insertInto('deliverySuppressions')
        .values({ addressKey: addressKeyOf(address), createdAt: codec.date(at) })
        .onConflict((oc) => oc.column('addressKey').doNothing())
        .execute();
    },

    /** A stamp per user of their cards' deliveries: it changes whenever one of them moves on. */
    async stampsOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('deliveries')
        .innerJoin('cards', 'cards.id', 'deliveries.cardId')
        .select((eb) => [
          'cards.userId as userId',
          eb.fn.max('deliveries.updatedAt').as('latest'),
          eb.fn.countAll<number>().as('count'),
        ])
        .where('cards.userId', 'in', userIds)
        .groupBy('cards.userId')
        .execute();
      return new Map(
        rows
          .filter((row) => row.userId !== null)
          .map((row) => [row.userId!, `${codec.readDate(row.latest).toISOString()}/${Number(row.count)}`]),
      );
    },
  };
}
