import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../platform/db/database.ts';
import { createExclusiveRunner } from '../../platform/db/exclusive-runner.ts';
import { LocalDiskStorage } from '../../platform/storage/local-disk-storage.ts';
import { createUploadDataStore, type UploadDataStore } from '../../platform/storage/upload-store.ts';
import { describeEachDatabase, type TestDatabase } from '../../testing/databases.ts';
import { createAbandonedDraftsService } from './abandoned-drafts.service.ts';
import { createCardFiles } from './card-files.ts';
import { createCardsRepository } from './cards.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
const RETENTION = 30 * DAY;
const NOW = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const log = { warn: () => undefined };

describeEachDatabase('abandoned guest drafts', (use) => {
  let storage: LocalDiskStorage;
  let uploads: UploadDataStore;
  let second: Database;

  beforeAll(async () => {
    storage = new LocalDiskStorage(path.join(use().dataDir, 'storage'));
    uploads = await createUploadDataStore({ uploadsDir: path.join(use().dataDir, 'uploads'), s3: undefined });
    // A second instance: its own connections to the same database.
    second = openDatabase({
      databaseUrl: use().databaseUrl || undefined,
      sqlitePath: path.join(use().dataDir, 'winc.db'),
    });
  });
  afterAll(async () => {
    await second?.destroy();
  });

  const service = (database: Database, batchSize?: number) =>
    createAbandonedDraftsService({
      cards: createCardsRepository(database),
      files: createCardFiles({ storage, uploads, log }),
      retentionMs: RETENTION,
      now: () => NOW,
      ...(batchSize === undefined ? {} : { batchSize }),
    });

  /** A card as stored, with a file in storage for its image. */
  async function card(
    testDatabase: TestDatabase,
    options: {
      createdAt: Date;
      lastModified?: Date;
      guest?: boolean;
      paid?: boolean;
      guestSessionId?: string;
      userId?: string;
    },
  ): Promise<{ id: string; imageKey: string }> {
    const { db, codec } = testDatabase.database;
    const id = crypto.randomBytes(16).toString('base64url');
    const imageKey = `cards/images/guest/${options.createdAt.getTime()}-${crypto.randomBytes(12).toString('base64url')}.webp`;
    await storage.write(imageKey, Buffer.from('image bytes'));
    const modified = codec.date(options.lastModified ?? options.createdAt);
    await db
      .insertInto('cards')
      .values({
        id,
        userId: options.userId ?? null,
        authorId: options.userId ?? null,
        isGuestCard: codec.bool(options.guest ?? true),
        guestSessionId: options.guestSessionId ?? crypto.randomUUID(),
        isPaid: codec.bool(options.paid ?? false),
        recipientImagePath: imageKey,
        recipientImageUrl: `/media/cards/${id}/image/x.webp`,
        createdAt: codec.date(options.createdAt),
        lastModified: modified,
        updatedAt: modified,
      })
      .execute();
    return { id, imageKey };
  }

  async function user(testDatabase: TestDatabase): Promise<string> {
    const { db, codec } = testDatabase.database;
    const id = crypto.randomUUID();
    await db
      .insertInto('users')
      .values({
        id,
        name: 'Owner',
        email: `${id}@example.com`,
        emailVerified: codec.bool(true),
        createdAt: codec.date(NOW),
        updatedAt: codec.date(NOW),
        credits: 0,
        tier: 'free',
        language: 'en',
        isDisabled: codec.bool(false),
      })
      .execute();
    return id;
  }

  async function unfinishedUpload(
    testDatabase: TestDatabase,
    cardId: string,
    createdAt: Date,
  ): Promise<string> {
    const id = crypto.randomBytes(16).toString('base64url');
    await uploads.create(new Upload({ id, size: 1000, offset: 0, creation_date: createdAt.toISOString() }));
    const { db, codec } = testDatabase.database;
    await db
      .insertInto('mediaUploads')
      .values({ id, cardId, kind: 'video', size: 1000, createdAt: codec.date(createdAt), completedAt: null })
      .execute();
    return id;
  }

  const exists = async (testDatabase: TestDatabase, id: string) =>
    (await testDatabase.database.db
      .selectFrom('cards')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined;
  const uploadBytesExist = (id: string) => fs.existsSync(path.join(use().dataDir, 'uploads', id));

  it('removes only guest drafts past retention, with their files and unfinished uploads', async () => {
    const t = use();
    const owner = await user(t);
    const signedUpFrom = crypto.randomUUID();
    await t.database.db
      .insertInto('signupGuestSessions')
      .values({ userId: await user(t), guestSessionId: signedUpFrom, createdAt: t.database.codec.date(NOW) })
      .execute();

    const abandoned = await card(t, { createdAt: ago(40 * DAY) });
    const abandonedUpload = await unfinishedUpload(t, abandoned.id, ago(35 * DAY));
    const kept = {
      recent: await card(t, { createdAt: ago(5 * DAY) }),
      touched: await card(t, { createdAt: ago(60 * DAY), lastModified: ago(29 * DAY) }),
      paid: await card(t, { createdAt: ago(60 * DAY), paid: true }),
      usersCard: await card(t, { createdAt: ago(60 * DAY), guest: false, userId: owner }),
      takenOverSoon: await card(t, { createdAt: ago(60 * DAY), guestSessionId: signedUpFrom }),
      uploading: await card(t, { createdAt: ago(60 * DAY) }),
    };
    const recentUpload = await unfinishedUpload(t, kept.uploading.id, ago(1 * DAY));

    expect(await service(t.database).removeAbandonedGuestDrafts()).toEqual({ cards: 1, files: 1 });

    expect(await exists(t, abandoned.id)).toBe(false);
    expect(await storage.stat(abandoned.imageKey)).toBeNull();
    expect(uploadBytesExist(abandonedUpload)).toBe(false);
    for (const [name, { id, imageKey }] of Object.entries(kept)) {
      expect(await exists(t, id), name).toBe(true);
      expect(await storage.stat(imageKey), name).not.toBeNull();
    }
    expect(uploadBytesExist(recentUpload)).toBe(true);
    // Nothing else is past retention: a second run removes nothing.
    expect(await service(t.database).removeAbandonedGuestDrafts()).toEqual({ cards: 0, files: 0 });
  });

  it('works through a backlog in batches', async () => {
    const t = use();
    const drafts = await Promise.all(Array.from({ length: 7 }, () => card(t, { createdAt: ago(31 * DAY) })));
    expect(await service(t.database, 3).removeAbandonedGuestDrafts()).toEqual({ cards: 7, files: 7 });
    for (const draft of drafts) expect(await exists(t, draft.id)).toBe(false);
  });

  it('two instances running at the same moment remove each draft once, without failing', async () => {
    const t = use();
    const drafts = await Promise.all(Array.from({ length: 30 }, () => card(t, { createdAt: ago(45 * DAY) })));
    // SQLite is one process (two connections writing one file from one event loop would wait on each other):
    // there the two runs share the connection, and only the DELETE's own check keeps them apart.
    const instances = t.dialect === 'postgres' ? [t.database, second] : [t.database, t.database];
    const runners = instances.map((database) => createExclusiveRunner(database));
    const outcomes = await Promise.all(
      instances.map((database, i) =>
        runners[i]!('housekeeping', () => service(database, 4).removeAbandonedGuestDrafts()),
      ),
    );
    const removed = outcomes.reduce((sum, outcome) => sum + (outcome.ran ? outcome.result.cards : 0), 0);
    expect(removed).toBe(30);
    for (const draft of drafts) {
      expect(await exists(t, draft.id)).toBe(false);
      expect(await storage.stat(draft.imageKey)).toBeNull();
    }
  });

  it('runs on one instance at a time: another run leaves the job to it', async () => {
    const t = use();
    const runner = createExclusiveRunner(t.database);
    const draft = await card(t, { createdAt: ago(45 * DAY) });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const first = runner('housekeeping', async () => {
      started();
      await held;
      return 'held';
    });
    await holding;
    // On PostgreSQL another instance (its own runner and connections) finds the job's lock taken; SQLite is
    // one process, where a run in progress is the lock.
    const other = t.dialect === 'postgres' ? createExclusiveRunner(second) : runner;
    expect(await other('housekeeping', () => service(second).removeAbandonedGuestDrafts())).toEqual({
      ran: false,
    });
    expect(await exists(t, draft.id)).toBe(true);
    release();
    expect(await first).toEqual({ ran: true, result: 'held' });
    expect(await other('housekeeping', () => service(second).removeAbandonedGuestDrafts())).toEqual({
      ran: true,
      result: { cards: 1, files: 1 },
    });
  });
});
