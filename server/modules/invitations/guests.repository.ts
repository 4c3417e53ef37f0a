import crypto from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { GuestState } from '../../../shared/invitations/guests.contract.ts';
import { isLanguage, type Language } from '../../../shared/i18n/languages.ts';
import type { Database } from '../../platform/db/database.ts';
import type { DB, InvitationGuestsTable } from '../../platform/db/schema.ts';

/** Who set a guest's answer: the guest, the host recording one given offline, or the waitlist moving up. */
export type AnswerAuthor = 'guest' | 'host' | 'waitlist';

/** A guest's answer as it stands (state `pending` before any). */
export interface GuestAnswer {
  state: GuestState;
  headcount: number;
  plusOneNames: string[];
  answers: Record<string, string>;
  note: string;
  answeredAt: Date | null;
  /** Who gave the answer: the guest, or the host recording one given offline. */
  answeredBy: 'guest' | 'host' | null;
  waitlistedAt: Date | null;
}

export interface GuestRecord extends GuestAnswer {
  id: string;
  cardId: string;
  token: string;
  name: string;
  email: string | null;
  maxPlusOnes: number | null;
  addedBy: 'host' | 'open-link';
  /** The device that answered through the open group link (its viewer id); null for guests the host added. */
  deviceId: string | null;
  createdAt: Date;
  openedAt: Date | null;
  greetingClipId: string | null;
  /** The guest stopped this invitation's mails. */
  mailOptedOut: boolean;
  /** Why their address refused a mail for good; null while none did. */
  mailBounce: string | null;
  /** The language the guest chose for their mails; null: the invitation's. */
  language: Language | null;
}

/** One change of an answer, as its history keeps it. */
export interface AnswerChange {
  at: Date;
  by: AnswerAuthor;
  fromState: GuestState;
  toState: GuestState;
  fromHeadcount: number;
  toHeadcount: number;
}

export const NO_ANSWER: GuestAnswer = {
  state: 'pending',
  headcount: 0,
  plusOneNames: [],
  answers: {},
  note: '',
  answeredAt: null,
  answeredBy: null,
  waitlistedAt: null,
};

/** A random token of 128 bits, URL-safe: a guest's link is its only key. */
export const newGuestToken = () => crypto.randomBytes(16).toString('base64url');

/** Every column of a guest's row, named: a prepared statement must not stand on `*`. */
const GUEST_COLUMNS = [
  'id',
  'cardId',
  'token',
  'name',
  'email',
  'maxPlusOnes',
  'addedBy',
  'deviceId',
  'createdAt',
  'openedAt',
  'greetingClipId',
  'state',
  'headcount',
  'plusOneNames',
  'answers',
  'note',
  'answeredAt',
  'answeredBy',
  'waitlistedAt',
  'mailOptedOutAt',
  'mailBounce',
  'language',
] as const satisfies ReadonlyArray<keyof InvitationGuestsTable>;

export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
type Executor = Database['db'] | Transaction<DB>;

/** Guests, their answers and the history of the answers; written once for SQLite and PostgreSQL. */
export function createGuestsRepository(database: Database) {
  const { db, codec } = database;

  const toRecord = (row: Selectable<InvitationGuestsTable>): GuestRecord => ({
    id: row.id,
    cardId: row.cardId,
    token: row.token,
    name: row.name,
    email: row.email,
    maxPlusOnes: row.maxPlusOnes === null ? null : Number(row.maxPlusOnes),
    addedBy: row.addedBy === 'open-link' ? 'open-link' : 'host',
    deviceId: row.deviceId,
    createdAt: codec.readDate(row.createdAt),
    openedAt: row.openedAt === null ? null : codec.readDate(row.openedAt),
    greetingClipId: row.greetingClipId,
    mailOptedOut: row.mailOptedOutAt !== null,
    mailBounce: row.mailBounce,
    language: isLanguage(row.language) ? row.language : null,
    state: row.state as GuestState,
    headcount: Number(row.headcount),
    plusOneNames: codec.readJson<string[]>(row.plusOneNames, []),
    answers: codec.readJson<Record<string, string>>(row.answers, {}),
    note: row.note,
    answeredAt: row.answeredAt === null ? null : codec.readDate(row.answeredAt),
    answeredBy: row.answeredBy === 'guest' || row.answeredBy === 'host' ? row.answeredBy : null,
    waitlistedAt: row.waitlistedAt === null ? null : codec.readDate(row.waitlistedAt),
  });

  const encodeAnswer = (answer: GuestAnswer) => ({
    state: answer.state,
    headcount: answer.headcount,
    plusOneNames: codec.json(answer.plusOneNames),
    answers: codec.json(answer.answers),
    note: answer.note,
    answeredAt: answer.answeredAt === null ? null : codec.date(answer.answeredAt),
    answeredBy: answer.answeredBy,
    waitlistedAt: answer.waitlistedAt === null ? null : codec.date(answer.waitlistedAt),
  });

  // A guest's answer runs these: each compiled once, and on PostgreSQL prepared once per connection.
  const raiseListVersion = database.prepare((db, values: { cardId: string }) =>
    db
      .insertInto('guestListVersions')
      .values({ cardId: values.cardId, version: 1 })
      .onConflict((oc) =>
        oc.column('cardId').doUpdateSet({ version: sql<number>`guest_list_versions.version + 1` }),
      )
      .returning('version'),
  );
  const guestByToken = database.prepare((db, values: { token: string }) =>
    db.selectFrom('invitationGuests').select(GUEST_COLUMNS).where('token', '=', values.token),
  );
  const guestOfCard = database.prepare((db, values: { cardId: string; guestId: string }) =>
    db
      .selectFrom('invitationGuests')
      .select(GUEST_COLUMNS)
      .where('cardId', '=', values.cardId)
      .where('id', '=', values.guestId),
  );
  const updateAnswer = database.prepare((db, values: ReturnType<typeof encodeAnswer> & { guestId: string }) =>
    db
      .updateTable('invitationGuests')
      .set({
        state: values.state,
        headcount: values.headcount,
        plusOneNames: values.plusOneNames,
        answers: values.answers,
        note: values.note,
        answeredAt: values.answeredAt,
        answeredBy: values.answeredBy,
        waitlistedAt: values.waitlistedAt,
      })
      .where('id', '=', values.guestId)
      .returning('id'),
  );

  // The change as the guest's next history row, written before the answer: what it replaces is read from the
  // guest's row in the same statement, and so is its number; the list's lock orders the changes.
  const insertChange = database.prepare(
    (
      db,
      values: {
        guestId: string;
        at: string | Date;
        by: string;
        toState: string;
        toHeadcount: number;
        answer: string;
      },
    ) =>
      db
        .insertInto('invitationAnswerChanges')
        .columns([
          'guestId',
          'number',
          'cardId',
          'at',
          'by',
          'fromState',
          'toState',
          'fromHeadcount',
          'toHeadcount',
          'answer',
        ])
        .expression((eb) =>
          eb
            .selectFrom('invitationGuests as guest')
            .select([
              'guest.id',
              sql<number>`coalesce((select max(${sql.ref('change.number')}) from ${sql.table(
                'invitationAnswerChanges',
              )} as ${sql.id('change')} where ${sql.ref('change.guestId')} = ${sql.ref('guest.id')}), 0) + 1`.as(
                'number',
              ),
              'guest.cardId',
              eb.val(values.at).as('at'),
              eb.val(values.by).as('by'),
              'guest.state',
              eb.val(values.toState).as('toState'),
              'guest.headcount',
              eb.val(values.toHeadcount).as('toHeadcount'),
              eb.val(values.answer).as('answer'),
            ])
            .where('guest.id', '=', values.guestId),
        ),
  );

  const guestsOf = (executor: Executor, cardId: string) =>
    executor
      .selectFrom('invitationGuests')
      .selectAll()
      .where('cardId', '=', cardId)
      .orderBy('createdAt')
      .orderBy('id');

  return {
    /**
     * Runs `work` as one change of the invitation's guest list: it first raises the list's version, which
     * locks the list's row until the commit, so changes to one invitation's list are decided one at a time
     * on every instance (SQLite runs transactions one at a time anyway). Answers the version and the result.
     */
    async changeList<T>(
      cardId: string,
      work: (trx: Transaction<DB>) => Promise<T>,
    ): Promise<{ version: number; result: T }> {
      return db.transaction().execute(async (trx) => {
        const [{ version }] = (await raiseListVersion.execute(trx, { cardId })) as [{ version: number }];
        return { version: Number(version), result: await work(trx) };
      });
    },

    /**
     * Per user, a stamp that changes whenever a guest list of one of their invitations changes (the sum of the
     * lists' versions, which only rise): what their live channel compares.
     */
    async listStampsOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('guestListVersions')
        .innerJoin('cards', 'cards.id', 'guestListVersions.cardId')
        .select((eb) => ['cards.userId', eb.fn.sum<number>('guestListVersions.version').as('versions')])
        .where('cards.userId', 'in', userIds)
        .groupBy('cards.userId')
        .execute();
      return new Map(
        rows.filter((row) => row.userId !== null).map((row) => [row.userId!, String(row.versions)]),
      );
    },

    /** The list's version: 0 before any change. */
    async versionOf(cardId: string): Promise<number> {
      const row = await db
        .selectFrom('guestListVersions')
        .select('version')
        .where('cardId', '=', cardId)
        .executeTakeFirst();
      return Number(row?.version ?? 0);
    },

    /** Every guest of the invitation, in the order they were added. */
    async listOf(cardId: string, executor: Executor = db): Promise<GuestRecord[]> {
      return (await guestsOf(executor, cardId).execute()).map(toRecord);
    },

    /** The guests who hold or wait for room: those coming and those on the waitlist. */
    async seatsOf(cardId: string, executor: Executor = db): Promise<GuestRecord[]> {
      const rows = await executor
        .selectFrom('invitationGuests')
        .selectAll()
        .where('cardId', '=', cardId)
        .where('state', 'in', ['yes', 'waitlisted'])
        .execute();
      return rows.map(toRecord);
    },

    async countOf(trx: Executor, cardId: string): Promise<number> {
      const row = await trx
        .selectFrom('invitationGuests')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('cardId', '=', cardId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(trx: Executor, guests: GuestRecord[]): Promise<void> {
      if (guests.length === 0) return;
      // In slices: SQLite binds at most 32,766 values a statement.
      for (let start = 0; start < guests.length; start += 500) {
        await trx
          .insertInto('invitationGuests')
          .values(
            guests.slice(start, start + 500).map((guest) => ({
              ...encodeAnswer(guest),
              id: guest.id,
              cardId: guest.cardId,
              token: guest.token,
              name: guest.name,
              email: guest.email,
              maxPlusOnes: guest.maxPlusOnes,
              addedBy: guest.addedBy,
              deviceId: guest.deviceId,
              createdAt: codec.date(guest.createdAt),
              openedAt: null,
              greetingClipId: guest.greetingClipId,
            })),
          )
          .execute();
      }
    },

    /** The guest the device became by answering through the open link, if it did. */
    async findByDevice(
      cardId: string,
      deviceId: string,
      executor: Executor = db,
    ): Promise<GuestRecord | undefined> {
      const row = await executor
        .selectFrom('invitationGuests')
        .selectAll()
        .where('cardId', '=', cardId)
        .where('deviceId', '=', deviceId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async rename(guestId: string, name: string, executor: Executor = db): Promise<void> {
      await executor.updateTable('invitationGuests').set({ name }).where('id', '=', guestId).execute();
    },

    async findByToken(token: string): Promise<GuestRecord | undefined> {
      const [row] = await guestByToken.execute(db, { token });
      return row && toRecord(row);
    },

    async findOf(cardId: string, guestId: string, executor: Executor = db): Promise<GuestRecord | undefined> {
      const [row] = await guestOfCard.execute(executor, { cardId, guestId });
      return row && toRecord(row);
    },

    /** Removes the guest (their link stops working) with their answer's history; false when already gone. */
    async remove(trx: Executor, cardId: string, guestId: string): Promise<boolean> {
      const result = await trx
        .deleteFrom('invitationGuests')
        .where('cardId', '=', cardId)
        .where('id', '=', guestId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The first time the guest's link is opened; false when it was opened before. */
    async markOpened(guestId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('invitationGuests')
        .set({ openedAt: codec.date(at) })
        .where('id', '=', guestId)
        .where('openedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The guest's one-click unsubscribe from this invitation's mails. */
    async optOutOfMail(guestId: string, at: Date): Promise<void> {
      await db
        .updateTable('invitationGuests')
        .set({ mailOptedOutAt: codec.date(at) })
        .where('id', '=', guestId)
        .where('mailOptedOutAt', 'is', null)
        .execute();
    },

    /** The language of the guest's mails; null: the invitation's. */
    async setLanguage(guestId: string, language: Language | null): Promise<void> {
      await db.updateTable('invitationGuests').set({ language }).where('id', '=', guestId).execute();
    },

    async recordBounce(guestId: string, reason: string): Promise<void> {
      await db
        .updateTable('invitationGuests')
        .set({ mailBounce: reason })
        .where('id', '=', guestId)
        .execute();
    },

    /**
     * Saves the guest's new answer and its history row: who, when, from what (as the guest's row has it) to
     * what. Within `changeList`: the list's lock orders the changes. False when the guest is gone.
     */
    async saveAnswer(
      trx: Executor,
      guestId: string,
      answer: GuestAnswer,
      by: AnswerAuthor,
      at: Date,
    ): Promise<boolean> {
      await insertChange.execute(trx, {
        guestId,
        at: codec.date(at),
        by,
        toState: answer.state,
        toHeadcount: answer.headcount,
        answer: codec.json({
          plusOneNames: answer.plusOneNames,
          answers: answer.answers,
          note: answer.note,
        }),
      });
      const updated = await updateAnswer.execute(trx, { ...encodeAnswer(answer), guestId });
      return updated.length > 0;
    },

    /** The guest's answers over time, oldest first. */
    async historyOf(guestId: string): Promise<AnswerChange[]> {
      const rows = await db
        .selectFrom('invitationAnswerChanges')
        .select(['at', 'by', 'fromState', 'toState', 'fromHeadcount', 'toHeadcount'])
        .where('guestId', '=', guestId)
        .orderBy('number')
        .execute();
      return rows.map((row) => ({
        at: codec.readDate(row.at),
        by: row.by as AnswerAuthor,
        fromState: row.fromState as GuestState,
        toState: row.toState as GuestState,
        fromHeadcount: Number(row.fromHeadcount),
        toHeadcount: Number(row.toHeadcount),
      }));
    },
  };
}
