import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';
import { textStylesSchema, type TextStyles } from '../../../shared/cards/cards.contract.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages.ts';
import type { Database } from '../../platform/db/database.ts';
import type { ColumnCodec } from '../../platform/db/dialect.ts';
import type { CardsTable, DB } from '../../platform/db/schema.ts';
import { TEXT_STYLE_DEFAULTS, type Voice } from '../../../shared/cards/card-rules.ts';
import type { RemovedCard } from './card-files.ts';
import { decodeInvitation, encodeInvitation, type InvitationRecord } from './card-invitation.ts';

/** A card as the server knows it, owner fields included (presenters decide what leaves). */
export interface CardRecord {
  id: string;
  authorId: string | null;
  userId: string | null;
  isGuestCard: boolean;
  guestSessionId: string | null;
  transferredAt: Date | null;
  createdAt: Date;
  lastModified: Date;
  updatedAt: Date;
  viewCount: number;
  isPublic: boolean;
  isPaid: boolean;
  senderName: string;
  name: string;
  recipientName: string;
  message: string;
  title: string;
  selectedVoice: Voice | null;
  mediaUrls: string[];
  recipientImagePath: string | null;
  recipientImageUrl: string | null;
  videoPath: string | null;
  videoUrl: string | null;
  audioPath: string | null;
  audioUrl: string | null;
  templateId: string | null;
  templateImageUrl: string | null;
  textStyles: TextStyles;
  language: Language;
  readMessageAloud: boolean;
  /** The voice clip greeting the recipient, and the one reading the message (null unless asked for). */
  greetingClipId: string | null;
  messageClipId: string | null;
  /** How many recipient devices may open it: its owner's plan's when it was paid; null for no limit. */
  viewLimit: number | null;
  /** When a new device was first turned away at the card's view limit; null since the limit was raised. */
  viewLimitReachedAt: Date | null;
  /** When the sender raised the view limit (once per card); null while they have not. */
  viewLimitRaisedAt: Date | null;
  /** The sender asked for one email the first time the card is opened. */
  notifyOnOpen: boolean;
  /** The recipient page offers to open the card with the recipient's face (when it has their photo). */
  faceOpening: boolean;
  /** The event of an invitation (DESIGN §1.20); null for a greeting card. */
  invitation: InvitationRecord | null;
  /** How many guests an invitation may have: its owner's plan's when it was paid; null before. */
  guestLimit: number | null;
  /** Before this instant its link shows only the sealed cover (DESIGN §1.22); null: open once paid. */
  revealAt: Date | null;
  /** The canonical IANA zone the reveal was chosen in; null without a reveal. */
  revealTimeZone: string | null;
}

/** What an update may change: the content the sender edits, never owner, payment, publication or counters. */
export type CardContent = Pick<
  CardRecord,
  | 'senderName'
  | 'name'
  | 'recipientName'
  | 'message'
  | 'title'
  | 'selectedVoice'
  | 'templateId'
  | 'templateImageUrl'
  | 'textStyles'
  | 'language'
  | 'readMessageAloud'
  | 'greetingClipId'
  | 'messageClipId'
  | 'notifyOnOpen'
  | 'faceOpening'
  | 'invitation'
>;

/** The columns a CardRecord is read from, named for the queries that must not use `*` (prepared ones). */
export const CARD_COLUMNS = [
  'id',
  'authorId',
  'userId',
  'isGuestCard',
  'guestSessionId',
  'transferredAt',
  'createdAt',
  'lastModified',
  'updatedAt',
  'viewCount',
  'isPublic',
  'isPaid',
  'senderName',
  'name',
  'recipientName',
  'message',
  'title',
  'selectedVoice',
  'mediaUrls',
  'recipientImagePath',
  'recipientImageUrl',
  'videoPath',
  'videoUrl',
  'audioPath',
  'audioUrl',
  'templateId',
  'templateImageUrl',
  'textStyles',
  'language',
  'readMessageAloud',
  'greetingClipId',
  'messageClipId',
  'viewLimit',
  'viewLimitReachedAt',
  'viewLimitRaisedAt',
  'notifyOnOpen',
  'faceOpening',
  'invitation',
  'guestLimit',
  'revealAt',
  'revealTimeZone',
] as const satisfies ReadonlyArray<keyof CardsTable>;

export type CardRow = Selectable<Pick<CardsTable, (typeof CARD_COLUMNS)[number]>>;

/** Decodes stored card rows through the dialect codec (the card queries of this module share it). */
export function cardRecordReader(codec: ColumnCodec): (row: CardRow) => CardRecord {
  /** Stored styles were validated on the way in; anything unreadable falls back to the defaults. */
  const readTextStyles = (value: unknown): TextStyles => {
    const parsed = textStylesSchema.safeParse({
      ...TEXT_STYLE_DEFAULTS,
      ...codec.readJson<Record<string, unknown>>(value, {}),
    });
    return parsed.success ? parsed.data : { ...TEXT_STYLE_DEFAULTS };
  };

  return (row: CardRow): CardRecord => ({
    id: row.id,
    authorId: row.authorId,
    userId: row.userId,
    isGuestCard: codec.readBool(row.isGuestCard),
    guestSessionId: row.guestSessionId,
    transferredAt: row.transferredAt === null ? null : codec.readDate(row.transferredAt),
    createdAt: codec.readDate(row.createdAt),
    lastModified: codec.readDate(row.lastModified),
    updatedAt: codec.readDate(row.updatedAt),
    viewCount: Number(row.viewCount),
    isPublic: codec.readBool(row.isPublic),
    isPaid: codec.readBool(row.isPaid),
    senderName: row.senderName,
    name: row.name,
    recipientName: row.recipientName,
    message: row.message,
    title: row.title,
    selectedVoice: row.selectedVoice === 'male' || row.selectedVoice === 'female' ? row.selectedVoice : null,
    mediaUrls: codec.readJson<string[]>(row.mediaUrls, []),
    recipientImagePath: row.recipientImagePath,
    recipientImageUrl: row.recipientImageUrl,
    videoPath: row.videoPath,
    videoUrl: row.videoUrl,
    audioPath: row.audioPath,
    audioUrl: row.audioUrl,
    templateId: row.templateId,
    templateImageUrl: row.templateImageUrl,
    textStyles: readTextStyles(row.textStyles),
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    readMessageAloud: codec.readBool(row.readMessageAloud),
    greetingClipId: row.greetingClipId,
    messageClipId: row.messageClipId,
    viewLimit: row.viewLimit === null ? null : Number(row.viewLimit),
    viewLimitReachedAt: row.viewLimitReachedAt === null ? null : codec.readDate(row.viewLimitReachedAt),
    viewLimitRaisedAt: row.viewLimitRaisedAt === null ? null : codec.readDate(row.viewLimitRaisedAt),
    notifyOnOpen: codec.readBool(row.notifyOnOpen),
    faceOpening: codec.readBool(row.faceOpening),
    invitation: decodeInvitation(codec, row.invitation),
    guestLimit: row.guestLimit === null ? null : Number(row.guestLimit),
    revealAt: row.revealAt === null ? null : codec.readDate(row.revealAt),
    revealTimeZone: row.revealTimeZone,
  });
}

export type CardsRepository = ReturnType<typeof createCardsRepository>;

/** Card queries, written once for SQLite and PostgreSQL; values go through the dialect codec. */
export function createCardsRepository(database: Database) {
  const { db, codec } = database;

  const toRecord = cardRecordReader(codec);

  // Every shared card's page and every guest's answer reads its card: compiled once, and on PostgreSQL
  // prepared once per connection.
  const cardById = database.prepare((db, values: { id: string }) =>
    db.selectFrom('cards').select(CARD_COLUMNS).where('id', '=', values.id),
  );

  /**
   * An abandoned guest draft (docs/decisions/0023-operations.md): a guest's card, never paid, that no account
   * owns or is about to take over (an account signed up from its guest session takes its cards at its first
   * sign-in), created, edited and given media before `cutoff`, with no upload started since. Used for the
   * listing and again inside the DELETE, so a card touched, paid or taken over in between is kept.
   */
  const abandonedBefore = (cutoff: Date) => (eb: ExpressionBuilder<DB, 'cards'>) =>
    eb.and([
      eb('cards.isGuestCard', '=', codec.bool(true)),
      eb('cards.isPaid', '=', codec.bool(false)),
      eb('cards.userId', 'is', null),
      eb('cards.authorId', 'is', null),
      eb('cards.createdAt', '<', codec.date(cutoff)),
      eb('cards.lastModified', '<', codec.date(cutoff)),
      eb('cards.updatedAt', '<', codec.date(cutoff)),
      eb.not(
        eb.exists(
          eb
            .selectFrom('mediaUploads')
            .select('mediaUploads.id')
            .whereRef('mediaUploads.cardId', '=', 'cards.id')
            .where('mediaUploads.createdAt', '>=', codec.date(cutoff)),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('signupGuestSessions')
            .select('signupGuestSessions.userId')
            .whereRef('signupGuestSessions.guestSessionId', '=', 'cards.guestSessionId'),
        ),
      ),
    ]);

  const encodeContent = (content: CardContent) => ({
    senderName: content.senderName,
    name: content.name,
    recipientName: content.recipientName,
    message: content.message,
    title: content.title,
    selectedVoice: content.selectedVoice,
    templateId: content.templateId,
    templateImageUrl: content.templateImageUrl,
    textStyles: codec.json(content.textStyles),
    language: content.language,
    readMessageAloud: codec.bool(content.readMessageAloud),
    greetingClipId: content.greetingClipId,
    messageClipId: content.messageClipId,
    notifyOnOpen: codec.bool(content.notifyOnOpen),
    faceOpening: codec.bool(content.faceOpening),
    invitation: encodeInvitation(codec, content.invitation),
  });

  /**
   * Deletes the card: its owner's deletion (`removedAt` given), which leaves the id behind in `removed_cards`
   * in the same transaction, or the housekeeping's, only while it is an abandoned guest draft as of
   * `abandonedCutoff` (a draft never shared, whose link never opened anything, leaves nothing).
   */
  async function deleteCardIf(
    id: string,
    when: { removedAt: Date } | { abandonedCutoff: Date },
  ): Promise<RemovedCard | undefined> {
    const abandonedCutoff = 'abandonedCutoff' in when ? when.abandonedCutoff : undefined;
    return db.transaction().execute(async (trx) => {
      // Read before the card's delete takes them with it (ON DELETE CASCADE). An upload started after this
      // read (a race only PostgreSQL allows) leaves bytes that the daily sweep of old uploads removes.
      const uploads = await trx
        .selectFrom('mediaUploads')
        .select(['id', 'completedAt'])
        .where('cardId', '=', id)
        .execute();
      const card = await trx
        .deleteFrom('cards')
        .where('cards.id', '=', id)
        .$if(abandonedCutoff !== undefined, (query) => query.where(abandonedBefore(abandonedCutoff!)))
        .returning(['recipientImagePath', 'videoPath', 'audioPath'])
        .executeTakeFirst();
      if (!card) return undefined;
      if ('removedAt' in when) {
        await trx
          .insertInto('removedCards')
          .values({ id, removedAt: codec.date(when.removedAt) })
          .execute();
      }
      return {
        fileKeys: [card.recipientImagePath, card.videoPath, card.audioPath].filter((key) => key !== null),
        unfinishedUploadIds: uploads
          .filter((upload) => upload.completedAt === null)
          .map((upload) => upload.id),
      };
    });
  }

  return {
    async insert(card: CardRecord): Promise<void> {
      await db
        .insertInto('cards')
        .values({
          ...encodeContent(card),
          id: card.id,
          authorId: card.authorId,
          userId: card.userId,
          isGuestCard: codec.bool(card.isGuestCard),
          guestSessionId: card.guestSessionId,
          transferredAt: card.transferredAt === null ? null : codec.date(card.transferredAt),
          createdAt: codec.date(card.createdAt),
          lastModified: codec.date(card.lastModified),
          updatedAt: codec.date(card.updatedAt),
          viewCount: card.viewCount,
          isPublic: codec.bool(card.isPublic),
          isPaid: codec.bool(card.isPaid),
          mediaUrls: codec.json(card.mediaUrls),
          recipientImagePath: card.recipientImagePath,
          recipientImageUrl: card.recipientImageUrl,
          videoPath: card.videoPath,
          videoUrl: card.videoUrl,
          audioPath: card.audioPath,
          audioUrl: card.audioUrl,
          viewLimit: card.viewLimit,
          guestLimit: card.guestLimit,
        })
        .execute();
    },

    async findById(id: string): Promise<CardRecord | undefined> {
      const [row] = await cardById.execute(db, { id });
      return row && toRecord(row);
    },

    /**
     * The paid cards that name the user (SPEC §7: userId = uid merged with authorId = uid, one row per card),
     * newest first, each with the category of its template (null when the template is gone). Whether the
     * caller may see each is the cards policy's, not this query's.
     */
    async listPaidOf(userId: string): Promise<Array<{ card: CardRecord; categoryId: string | null }>> {
      const rows = await db
        .selectFrom('cards')
        .leftJoin('templates', 'templates.id', 'cards.templateId')
        .selectAll('cards')
        .select('templates.categoryId as categoryId')
        .where('cards.isPaid', '=', codec.bool(true))
        .where((eb) => eb.or([eb('cards.userId', '=', userId), eb('cards.authorId', '=', userId)]))
        .orderBy('cards.createdAt', 'desc')
        .orderBy('cards.id', 'desc')
        .execute();
      return rows.map(({ categoryId, ...row }) => ({ card: toRecord(row), categoryId: categoryId ?? null }));
    },

    /**
     * The unpaid cards that name the user (userId or authorId) or the guest session, newest first, at most
     * `limit`. Whether the caller owns each (a guest session's card only while it is a guest card) is the
     * cards policy's, not this query's.
     */
    async listUnpaidNaming(
      keys: { userId: string | null; guestSessionId: string | null },
      limit: number,
    ): Promise<CardRecord[]> {
      const { userId, guestSessionId } = keys;
      if (userId === null && guestSessionId === null) return [];
      const rows = await db
        .selectFrom('cards')
        .selectAll()
        .where('isPaid', '=', codec.bool(false))
        .where((eb) =>
          eb.or([
            ...(userId === null ? [] : [eb('userId', '=', userId), eb('authorId', '=', userId)]),
            ...(guestSessionId === null ? [] : [eb('guestSessionId', '=', guestSessionId)]),
          ]),
        )
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    /**
     * Removes a card and its upload records in one transaction. Answers what was stored for it, as it was at
     * the moment of deletion (RETURNING, so a file attached concurrently is not missed): the storage keys of
     * its image, video and voice message, and the resumable uploads that never finished (their bytes are the
     * caller's to drop). Undefined when the card was already gone. The id is kept as removed at `at`.
     */
    async deleteCard(id: string, at: Date): Promise<RemovedCard | undefined> {
      return deleteCardIf(id, { removedAt: at });
    },

    /** The ids of the cards an account owns or wrote, read in the account's deletion transaction. */
    async idsOfAccount(trx: Transaction<DB>, userId: string): Promise<string[]> {
      const rows = await trx
        .selectFrom('cards')
        .select('id')
        .where((eb) => eb.or([eb('userId', '=', userId), eb('authorId', '=', userId)]))
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Removes every card of an account (made by it, or taken over by it) inside the account's deletion
     * transaction, each id kept in `removed_cards` like a card its owner deletes: their links say the card is
     * no longer available. Answers the storage keys of their images, videos and voice messages, for the
     * caller to delete once the transaction is committed.
     */
    async deleteCardsOfAccount(trx: Transaction<DB>, userId: string, at: Date): Promise<string[]> {
      const ofAccount = (eb: ExpressionBuilder<DB, 'cards'>) =>
        eb.or([eb('userId', '=', userId), eb('authorId', '=', userId)]);
      const cards = await trx
        .deleteFrom('cards')
        .where(ofAccount)
        .returning(['id', 'recipientImagePath', 'videoPath', 'audioPath'])
        .execute();
      if (cards.length > 0) {
        await trx
          .insertInto('removedCards')
          .values(cards.map((card) => ({ id: card.id, removedAt: codec.date(at) })))
          .execute();
      }
      return cards.flatMap((card) =>
        [card.recipientImagePath, card.videoPath, card.audioPath].filter((key) => key !== null),
      );
    },

    /** Whether a card with this id was deleted, by its owner or with its account (its link then says it is gone). */
    async wasRemoved(id: string): Promise<boolean> {
      const row = await db.selectFrom('removedCards').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** Up to `limit` abandoned guest drafts untouched since `cutoff`, oldest edit first. */
    async abandonedGuestDraftIds(cutoff: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('cards')
        .select('cards.id')
        .where(abandonedBefore(cutoff))
        .orderBy('cards.lastModified')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Removes the card when it is still an abandoned guest draft as of `cutoff` (checked by the DELETE itself),
     * with its upload records; answers what was stored for it as `deleteCard` does, or undefined when it was
     * kept (touched, paid, taken over) or is already gone (another instance removed it).
     */
    async deleteAbandonedGuestDraft(id: string, cutoff: Date): Promise<RemovedCard | undefined> {
      return deleteCardIf(id, { abandonedCutoff: cutoff });
    },

    /**
     * Saves edited content and the modification times; the SET list is the rule that createdAt, viewCount,
     * isPaid, isPublic and the owner fields are never overwritten by an edit.
     */
    /**
     * Sets, moves or cancels (null) the card's reveal, only while the reveal it had (`before`, the one the
     * caller checked) has not passed as of `at`: false when another request changed it first or it passed.
     */
    async setReveal(
      id: string,
      reveal: { at: Date; timeZone: string } | null,
      before: Date | null,
      at: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('cards')
        .set({
          revealAt: reveal === null ? null : codec.date(reveal.at),
          revealTimeZone: reveal === null ? null : reveal.timeZone,
          updatedAt: codec.date(at),
        })
        .where('id', '=', id)
        .where((eb) =>
          before === null ? eb('revealAt', 'is', null) : eb('revealAt', '=', codec.date(before)),
        )
        .where((eb) => eb.or([eb('revealAt', 'is', null), eb('revealAt', '>', codec.date(at))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async updateContent(id: string, content: CardContent, at: Date): Promise<void> {
      await db
        .updateTable('cards')
        .set({ ...encodeContent(content), lastModified: codec.date(at), updatedAt: codec.date(at) })
        .where('id', '=', id)
        .execute();
    },
  };
}
