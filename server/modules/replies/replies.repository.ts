import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { ReplyKind, ReplyMediaKind } from '../../../shared/replies/replies.contract.ts';

export interface ReplyRecord {
  id: string;
  cardId: string;
  kind: ReplyKind;
  reaction: string | null;
  text: string | null;
  name: string | null;
  mediaPath: string | null;
  mediaType: string | null;
  deviceId: string | null;
  guestId: string | null;
  createdAt: Date;
  seenAt: Date | null;
}

export interface ReplyUploadRecord {
  id: string;
  cardId: string;
  kind: ReplyMediaKind;
  size: number;
  name: string | null;
  deviceId: string;
  guestId: string | null;
  createdAt: Date;
  replyId: string | null;
}

export type RepliesRepository = ReturnType<typeof createRepliesRepository>;

/** Reply ids are as unguessable as card ids: 128 random bits. */
export const newReplyId = () => crypto.randomBytes(16).toString('base64url');

/** The one writer of `card_replies`, `reply_uploads` and `reply_mail_settings`. */
export function createRepliesRepository(database: Database) {
  const { db, codec } = database;

  const toReply = (row: {
    id: string;
    cardId: string;
    kind: string;
    reaction: string | null;
    text: string | null;
    name: string | null;
    mediaPath: string | null;
    mediaType: string | null;
    deviceId: string | null;
    guestId: string | null;
    createdAt: unknown;
    seenAt: unknown;
  }): ReplyRecord => ({
    ...row,
    kind: row.kind as ReplyKind,
    createdAt: codec.readDate(row.createdAt),
    seenAt: row.seenAt === null ? null : codec.readDate(row.seenAt),
  });

  const toUpload = (row: {
    id: string;
    cardId: string;
    kind: string;
    size: number;
    name: string | null;
    deviceId: string;
    guestId: string | null;
    createdAt: unknown;
    replyId: string | null;
  }): ReplyUploadRecord => ({
    ...row,
    kind: row.kind as ReplyMediaKind,
    size: Number(row.size),
    createdAt: codec.readDate(row.createdAt),
  });

  /** The stored files of these cards' replies (their voice and video notes). */
  async function mediaPathsOfCards(reader: Kysely<DB>, cardIds: string[]): Promise<string[]> {
    if (cardIds.length === 0) return [];
    const rows = await reader
      .selectFrom('cardReplies')
      .select('mediaPath')
      .where('cardId', 'in', cardIds)
      .where('mediaPath', 'is not', null)
      .execute();
    return rows.flatMap((row) => (row.mediaPath === null ? [] : [row.mediaPath]));
  }

  return {
    async insert(trx: Transaction<DB>, reply: ReplyRecord): Promise<void> {
      await trx
        .insertInto('cardReplies')
        .values({
          ...reply,
          createdAt: codec.date(reply.createdAt),
          seenAt: reply.seenAt === null ? null : codec.date(reply.seenAt),
        })
        .execute();
    },

    async find(cardId: string, replyId: string): Promise<ReplyRecord | undefined> {
      const row = await db
        .selectFrom('cardReplies')
        .selectAll()
        .where('cardId', '=', cardId)
        .where('id', '=', replyId)
        .executeTakeFirst();
      return row && toReply(row);
    },

    async findById(replyId: string): Promise<ReplyRecord | undefined> {
      const row = await db.selectFrom('cardReplies').selectAll().where('id', '=', replyId).executeTakeFirst();
      return row && toReply(row);
    },

    /** A card's replies, newest first. */
    async listOf(cardId: string): Promise<ReplyRecord[]> {
      const rows = await db
        .selectFrom('cardReplies')
        .selectAll()
        .where('cardId', '=', cardId)
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toReply);
    },

    /** When each one who replied to a card first did (a guest, or null for the card's link): the delivery log's "replied". */
    async firstRepliesOf(cardId: string): Promise<{ guestId: string | null; at: Date }[]> {
      const rows = await db
        .selectFrom('cardReplies')
        .select((eb) => ['guestId', eb.fn.min('createdAt').as('at')])
        .where('cardId', '=', cardId)
        .groupBy('guestId')
        .execute();
      return rows.map((row) => ({ guestId: row.guestId, at: codec.readDate(row.at) }));
    },

    /** Removes one reply; answers it as it was (its file is then the caller's to delete). */
    async remove(cardId: string, replyId: string): Promise<ReplyRecord | undefined> {
      const row = await db
        .deleteFrom('cardReplies')
        .where('cardId', '=', cardId)
        .where('id', '=', replyId)
        .returningAll()
        .executeTakeFirst();
      return row && toReply(row);
    },

    /** The stored files of a card's replies (its voice and video notes). */
    async mediaPathsOf(cardId: string): Promise<string[]> {
      return mediaPathsOfCards(db, [cardId]);
    },

    /** The stored notes of these cards' replies, read in the deletion transaction that takes the cards. */
    mediaPathsOfCards: (trx: Transaction<DB>, cardIds: string[]) => mediaPathsOfCards(trx, cardIds),

    /** Marks every reply of the card not seen yet as seen now. */
    async markSeen(cardId: string, at: Date): Promise<void> {
      await db
        .updateTable('cardReplies')
        .set({ seenAt: codec.date(at) })
        .where('cardId', '=', cardId)
        .where('seenAt', 'is', null)
        .execute();
    },

    /** How many replies of each of the user's cards are not seen yet (cards without any are left out). */
    async newCountsOf(userId: string): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('cardReplies')
        .innerJoin('cards', 'cards.id', 'cardReplies.cardId')
        .select((eb) => ['cardReplies.cardId', eb.fn.countAll<number>().as('count')])
        .where((eb) => eb.or([eb('cards.userId', '=', userId), eb('cards.authorId', '=', userId)]))
        .where('cardReplies.seenAt', 'is', null)
        .groupBy('cardReplies.cardId')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.cardId, Number(row.count)]));
    },

    /**
     * A stamp per user of the replies on their cards (how many, the newest, how many seen): it changes when a
     * reply lands, goes or is seen.
     */
    async stampsOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('cardReplies')
        .innerJoin('cards', 'cards.id', 'cardReplies.cardId')
        .select((eb) => [
          'cards.userId',
          eb.fn.countAll<number>().as('count'),
          eb.fn.max('cardReplies.createdAt').as('latest'),
          eb.fn.count('cardReplies.seenAt').as('seen'),
        ])
        .where('cards.userId', 'in', userIds)
        .groupBy('cards.userId')
        .execute();
      return new Map(
        rows.flatMap((row) =>
          row.userId === null
            ? []
            : [
                [
                  row.userId,
                  `${Number(row.count)}:${Number(row.seen)}:${String(codec.readDate(row.latest).getTime())}`,
                ],
              ],
        ),
      );
    },

    async insertUpload(upload: ReplyUploadRecord): Promise<void> {
      await db
        .insertInto('replyUploads')
        .values({ ...upload, createdAt: codec.date(upload.createdAt) })
        .execute();
    },

    async findUpload(uploadId: string): Promise<ReplyUploadRecord | undefined> {
      const row = await db
        .selectFrom('replyUploads')
        .selectAll()
        .where('id', '=', uploadId)
        .executeTakeFirst();
      return row && toUpload(row);
    },

    async completeUpload(trx: Transaction<DB>, uploadId: string, replyId: string): Promise<void> {
      await trx.updateTable('replyUploads').set({ replyId }).where('id', '=', uploadId).execute();
    },

    /** Up to `limit` uploads begun before `cutoff`, oldest first. */
    async uploadsCreatedBefore(cutoff: Date, limit: number): Promise<ReplyUploadRecord[]> {
      const rows = await db
        .selectFrom('replyUploads')
        .selectAll()
        .where('createdAt', '<', codec.date(cutoff))
        .orderBy('createdAt')
        .limit(limit)
        .execute();
      return rows.map(toUpload);
    },

    async deleteUpload(uploadId: string): Promise<void> {
      await db.deleteFrom('replyUploads').where('id', '=', uploadId).execute();
    },

    /** Whether the user wants a mail per reply: yes unless they turned it off. */
    async mailEnabledFor(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('replyMailSettings')
        .select('enabled')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row === undefined || codec.readBool(row.enabled);
    },

    async setMailEnabled(userId: string, enabled: boolean): Promise<void> {
      await db
        .insertInto('replyMailSettings')
        .values({ userId, enabled: codec.bool(enabled), unsubscribeToken: newReplyId() })
        .onConflict((conflict) => conflict.column('userId').doUpdateSet({ enabled: codec.bool(enabled) }))
        .execute();
    },

    /** The token of the user's one-click unsubscribe from reply mails, made the first time it is needed. */
    async unsubscribeTokenOf(userId: string): Promise<string> {
      await db
        .insertInto('replyMailSettings')
        .values({ userId, enabled: codec.bool(true), unsubscribeToken: newReplyId() })
        .onConflict((conflict) => conflict.column('userId').doNothing())
        .execute();
      const row = await db
        .selectFrom('replyMailSettings')
        .select('unsubscribeToken')
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      return row.unsubscribeToken;
    },

    /** The user an unsubscribe token belongs to, and whether their reply mails are on. */
    async findByUnsubscribeToken(token: string): Promise<{ userId: string; enabled: boolean } | undefined> {
      const row = await db
        .selectFrom('replyMailSettings')
        .select(['userId', 'enabled'])
        .where('unsubscribeToken', '=', token)
        .executeTakeFirst();
      return row && { userId: row.userId, enabled: codec.readBool(row.enabled) };
    },
  };
}
