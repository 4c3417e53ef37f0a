import { sql } from 'kysely';
import type { CardActivity, CardViewsSummary } from '../../../shared/cards/card-views.contract.ts';
import type { Database } from '../../platform/db/database.ts';

/** How an opening was counted: the card's first device, another new one, one seen before, or one too many. */
export type OpeningOutcome = 'first' | 'new' | 'again' | 'limit-reached';

/** Thrown inside the transaction so the new device's row goes when the card has no view left for it. */
class NoViewLeft extends Error {}

const ACTIVITY_COLUMNS = {
  greeting: 'greetingHeardAt',
  video: 'videoWatchedAt',
  'voice-message': 'voiceMessagePlayedAt',
} as const satisfies Record<CardActivity, string>;

export type CardViewsRepository = ReturnType<typeof createCardViewsRepository>;

/** The recipient devices that opened cards (DESIGN §1.7), and the view count they make; SQLite and PostgreSQL. */
export function createCardViewsRepository(database: Database) {
  const { db, codec } = database;

  // Every recipient's opening of a card asks it first: compiled once, and on PostgreSQL prepared once per
  // connection.
  const openedBefore = database.prepare((db, values: { cardId: string; deviceId: string }) =>
    db
      .selectFrom('cardViews')
      .select('cardViews.cardId')
      .where('cardViews.cardId', '=', values.cardId)
      .where('cardViews.deviceId', '=', values.deviceId),
  );

  return {
    /**
     * Counts a device opening a card, once per device, within the card's view limit. A device seen before is
     * recognised by a read ('again'): reopening a card takes no write lock. A new one is counted in one
     * transaction: the device's row first (one that got in meanwhile inserts nothing: 'again'), then
     * `view_count + 1` only while it is under the limit (an invitation has none) — the conditional update is the rule, so concurrent
     * openings from new devices all count while there is room and none past it (PostgreSQL re-checks the
     * condition after the lock).
     */
    async recordOpening(input: { cardId: string; deviceId: string; at: Date }): Promise<OpeningOutcome> {
      const seen = await openedBefore.execute(db, { cardId: input.cardId, deviceId: input.deviceId });
      if (seen.length > 0) return 'again';
      const at = codec.date(input.at);
      try {
        return await db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('cardViews')
            .values({ cardId: input.cardId, deviceId: input.deviceId, openedAt: at, lastActivityAt: at })
            .onConflict((oc) => oc.columns(['cardId', 'deviceId']).doNothing())
            .returning('cardId')
            .executeTakeFirst();
          if (!inserted) return 'again' as const;
          const counted = await trx
            .updateTable('cards')
            .set({ viewCount: sql<number>`view_count + 1` })
            .where('id', '=', input.cardId)
            .where((eb) =>
              eb.or([
                eb('viewLimit', 'is', null),
                eb('viewCount', '<', eb.ref('viewLimit')),
                // An invitation's plan limits its guests, not the devices that open it (DESIGN §1.20).
                eb('invitation', 'is not', null),
              ]),
            )
            .returning('viewCount')
            .executeTakeFirst();
          if (!counted) throw new NoViewLeft();
          return Number(counted.viewCount) === 1 ? ('first' as const) : ('new' as const);
        });
      } catch (error) {
        if (error instanceof NoViewLeft) return 'limit-reached';
        throw error;
      }
    },

    /** Marks what a device that opened the card played there, the first time it does; false otherwise. */
    async recordActivity(input: {
      cardId: string;
      deviceId: string;
      activity: CardActivity;
      at: Date;
    }): Promise<boolean> {
      const column = ACTIVITY_COLUMNS[input.activity];
      const at = codec.date(input.at);
      const result = await db
        .updateTable('cardViews')
        .set({ [column]: at, lastActivityAt: at })
        .where('cardId', '=', input.cardId)
        .where('deviceId', '=', input.deviceId)
        .where(column, 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** What each card's recipients did, for the cards given (cards nobody opened are missing). */
    async summariesOf(cardIds: readonly string[]): Promise<Map<string, CardViewsSummary>> {
      if (cardIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('cardViews')
        .select((eb) => [
          'cardId',
          eb.fn.countAll<number>().as('devices'),
          eb.fn.min('openedAt').as('firstOpenedAt'),
          eb.fn.max('greetingHeardAt').as('greetingHeardAt'),
          eb.fn.max('videoWatchedAt').as('videoWatchedAt'),
          eb.fn.max('voiceMessagePlayedAt').as('voiceMessagePlayedAt'),
        ])
        .where('cardId', 'in', cardIds)
        .groupBy('cardId')
        .execute();
      return new Map(
        rows.map((row) => [
          row.cardId,
          {
            devices: Number(row.devices),
            firstOpenedAt: codec.readDate(row.firstOpenedAt).toISOString(),
            greetingHeard: row.greetingHeardAt !== null,
            videoWatched: row.videoWatchedAt !== null,
            voiceMessagePlayed: row.voiceMessagePlayedAt !== null,
          },
        ]),
      );
    },

    /**
     * A stamp per user of the latest recipient activity on their cards (a new device, a greeting heard…):
     * it changes whenever My WINCS has something new to show.
     */
    async activityStampsOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('cardViews')
        .innerJoin('cards', 'cards.id', 'cardViews.cardId')
        .select((eb) => [
          'cards.userId',
          eb.fn.max('cardViews.lastActivityAt').as('latest'),
          eb.fn.countAll<number>().as('views'),
          // A card reaching its limit turns a device away without a view: it has its own stamp.
          eb.fn.max('cards.viewLimitReachedAt').as('limitReached'),
        ])
        .where('cards.userId', 'in', userIds)
        .groupBy('cards.userId')
        .execute();
      return new Map(
        rows
          .filter((row) => row.userId !== null)
          .map((row) => [
            row.userId!,
            [
              codec.readDate(row.latest).toISOString(),
              Number(row.views),
              row.limitReached === null ? '' : codec.readDate(row.limitReached).toISOString(),
            ].join('|'),
          ]),
      );
    },

    /**
     * Notes that the card turned a new device away at its view limit, the first time since the limit was last
     * set: answers the card's sender's choices then (the opening email asked for, the limit raised before), or
     * undefined when it was noted already — or when the limit was raised meanwhile and has room again.
     */
    async markLimitReached(
      cardId: string,
      at: Date,
    ): Promise<{ notifyOnOpen: boolean; raisedBefore: boolean } | undefined> {
      const row = await db
        .updateTable('cards')
        .set({ viewLimitReachedAt: codec.date(at) })
        .where('id', '=', cardId)
        .where('viewLimitReachedAt', 'is', null)
        .where('viewLimit', 'is not', null)
        .where((eb) => eb('viewCount', '>=', eb.ref('viewLimit')))
        .returning(['notifyOnOpen', 'viewLimitRaisedAt'])
        .executeTakeFirst();
      return (
        row && {
          notifyOnOpen: codec.readBool(row.notifyOnOpen),
          raisedBefore: row.viewLimitRaisedAt !== null,
        }
      );
    },

    /**
     * Claims the one email of a card's first opening (DESIGN §1.7): true exactly once, and only when its
     * sender asked for it; concurrent openings cannot both claim it.
     */
    async claimOpenNotice(cardId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('cards')
        .set({ openNotifiedAt: codec.date(at) })
        .where('id', '=', cardId)
        .where('notifyOnOpen', '=', codec.bool(true))
        .where('openNotifiedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
