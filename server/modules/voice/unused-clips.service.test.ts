import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/languages.ts';
import { openDatabase, type Database } from '../../platform/db/database.ts';
import { createExclusiveRunner } from '../../platform/db/exclusive-runner.ts';
import { createRateLimiter } from '../../platform/http/rate-limit.ts';
import {
  createBuiltInSpeechEngine,
  type BuiltInSpeechEngine,
} from '../../platform/speech/built-in-speech.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { LocalDiskStorage } from '../../platform/storage/local-disk-storage.ts';
import { S3Storage } from '../../platform/storage/s3-storage.ts';
import { describeEachDatabase, type TestDatabase } from '../../testing/databases.ts';
import { startTestS3, type TestS3 } from '../../testing/test-s3.ts';
import { createUnusedVoiceClipsService } from './unused-clips.service.ts';
import { createVoiceClipsRepository, type VoiceClipsRepository } from './voice-clips.repository.ts';
import { createVoiceService, type CardSpeech, type VoiceService } from './voice.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const RETENTION = 7 * DAY;
const NOW = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const log = { warn: () => undefined, error: () => undefined };
const CLIP_KEY = crypto.randomBytes(32);

/** What the housekeeping is given: the real repository, with a pause after each step for the race tests. */
interface Steps {
  /** After the candidates were listed, before any row is removed. */
  afterListing?: (ids: string[]) => Promise<void>;
  /** After the rows were removed, before their files are. */
  afterRowsRemoved?: () => Promise<void>;
}

/**
 * The housekeeping of voice clips (docs/decisions/0013-ai-message-and-voice.md): a clip that no card names
 * and nobody asked for within the retention period goes, row and file, from local disk and from an S3
 * bucket; a clip any card names, or asked for lately, stays; a clip that a card or a listener takes up
 * while the housekeeping runs keeps its audio.
 */
describeEachDatabase('voice clips no card uses', (use) => {
  let engine: BuiltInSpeechEngine;
  let s3: TestS3;
  let storages: Record<'local disk' | 'S3', FileStorage>;
  let second: Database;
  let clock = NOW;

  beforeAll(async () => {
    engine = createBuiltInSpeechEngine();
    s3 = await startTestS3();
    storages = {
      'local disk': new LocalDiskStorage(path.join(use().dataDir, 'storage')),
      S3: new S3Storage({
        endpoint: s3.env.S3_ENDPOINT!,
        bucket: s3.env.S3_BUCKET!,
        region: s3.env.S3_REGION!,
        accessKeyId: s3.env.S3_ACCESS_KEY_ID!,
        secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY!,
      }),
    };
    // A second instance: its own connections to the same database.
    second = openDatabase({
      databaseUrl: use().databaseUrl || undefined,
      sqlitePath: path.join(use().dataDir, 'winc.db'),
    });
  });
  afterAll(async () => {
    await engine?.close();
    storages?.S3.destroy?.();
    await s3?.stop();
    await second?.destroy();
  });

  const voiceOn = (database: Database, storage: FileStorage): VoiceService =>
    createVoiceService({
      repository: createVoiceClipsRepository(database),
      storage,
      engines: { builtIn: engine, provider: null },
      clipKey: CLIP_KEY,
      rateLimiter: createRateLimiter(database, () => clock),
      now: () => clock,
      log,
    });

  const housekeeping = (
    database: Database,
    storage: FileStorage,
    options: { batchSize?: number } & Steps = {},
  ) => {
    const repository = createVoiceClipsRepository(database);
    const clips: VoiceClipsRepository = {
      ...repository,
      async unusedClipIds(cutoff, limit) {
        const ids = await repository.unusedClipIds(cutoff, limit);
        await options.afterListing?.(ids);
        return ids;
      },
      async deleteUnusedClips(ids, cutoff) {
        const removed = await repository.deleteUnusedClips(ids, cutoff);
        await options.afterRowsRemoved?.();
        return removed;
      },
    };
    return createUnusedVoiceClipsService({
      clips,
      storage,
      retentionMs: RETENTION,
      now: () => NOW,
      log,
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    });
  };

  /** 'Hear it' at `at`, from an address of its own: the clip's id and its stored audio. */
  async function hear(voice: VoiceService, recipientName: string, at: Date, language: Language = 'en') {
    clock = at;
    try {
      const heard = await voice.previewGreeting(
        { userId: null, guestSessionId: null, ip: `127.0.0.${crypto.randomInt(2, 250)}`, tier: null },
        { recipientName, senderName: 'Sam', voice: 'female', language, form: 'informal' },
      );
      const clipId = /\/media\/voice\/([\w-]{43})\.mp3$/.exec(heard.audioUrl)![1]!;
      return await voice.storedClip(clipId);
    } finally {
      clock = NOW;
    }
  }

  const speech = (recipientName: string, message = 'Happy birthday!'): CardSpeech => ({
    recipientName,
    senderName: 'Sam',
    message,
    selectedVoice: 'female',
    language: 'en',
    invitation: null,
    readMessageAloud: true,
  });

  /** The clips of a card's words, as saving the card at `at` names them. */
  async function named(voice: VoiceService, words: CardSpeech, at: Date) {
    clock = at;
    try {
      return await voice.clipsForCard(words, null);
    } finally {
      clock = NOW;
    }
  }

  /** A card as saved at `at`, naming the clips of its words (as creating it does). */
  async function card(
    testDatabase: TestDatabase,
    voice: VoiceService,
    words: CardSpeech,
    options: { at: Date; paid?: boolean; userId?: string },
  ) {
    const clips = await named(voice, words, options.at);
    return { ...clips, cardId: await insertCard(testDatabase, clips, options) };
  }

  async function invitedGuest(
    testDatabase: TestDatabase,
    cardId: string,
    greetingClipId: string,
  ): Promise<void> {
    const { db, codec } = testDatabase.database;
    await db
      .insertInto('invitationGuests')
      .values({
        id: crypto.randomUUID(),
        cardId,
        token: crypto.randomBytes(16).toString('base64url'),
        name: 'Leila',
        email: null,
        maxPlusOnes: null,
        addedBy: 'host',
        createdAt: codec.date(ago(50 * DAY)),
        openedAt: null,
        greetingClipId,
        answeredAt: null,
        answeredBy: null,
        waitlistedAt: null,
      })
      .execute();
  }

  async function insertCard(
    testDatabase: TestDatabase,
    clips: { greetingClipId: string | null; messageClipId: string | null },
    options: { at: Date; paid?: boolean; userId?: string },
  ): Promise<string> {
    const { db, codec } = testDatabase.database;
    const id = crypto.randomBytes(16).toString('base64url');
    await db
      .insertInto('cards')
      .values({
        id,
        userId: options.userId ?? null,
        authorId: options.userId ?? null,
        isGuestCard: codec.bool(options.userId === undefined),
        guestSessionId: options.userId === undefined ? crypto.randomUUID() : null,
        isPaid: codec.bool(options.paid ?? false),
        selectedVoice: 'female',
        readMessageAloud: codec.bool(clips.messageClipId !== null),
        greetingClipId: clips.greetingClipId,
        messageClipId: clips.messageClipId,
        createdAt: codec.date(options.at),
        lastModified: codec.date(options.at),
        updatedAt: codec.date(options.at),
      })
      .execute();
    return id;
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

  const clipRow = (testDatabase: TestDatabase, id: string) =>
    testDatabase.database.db
      .selectFrom('voiceClips')
      .select(['id', 'storageKey'])
      .where('id', '=', id)
      .executeTakeFirst();

  /** The clip as a player gets it: its row and its stored audio (an MP3 frame or an ID3 tag first). */
  async function playable(voice: VoiceService, storage: FileStorage, clipId: string): Promise<boolean> {
    const stored = await voice.storedClip(clipId);
    const audio = await storage.read(stored.key);
    return audio.length === stored.size && audio[0] === 0xff;
  }

  describe.each(['local disk', 'S3'] as const)('on %s', (storageName) => {
    it('removes clips nobody used for the retention period, rows and files; keeps the rest', async () => {
      const t = use();
      const storage = storages[storageName];
      const voice = voiceOn(t.database, storage);
      const owner = await user(t);

      const heardLongAgo = await hear(voice, `Old ${storageName}`, ago(10 * DAY));
      // Named by a card 9 days ago, never heard, and no card names it since (the card was renamed).
      const namedLongAgo = await named(voice, speech(`Renamed ${storageName}`), ago(9 * DAY));

      const guestDraft = await card(t, voice, speech(`Guest ${storageName}`), { at: ago(40 * DAY) });
      await voice.storedClip(guestDraft.greetingClipId!);
      const paid = await card(t, voice, speech(`Paid ${storageName}`, `Message ${storageName}`), {
        at: ago(60 * DAY),
        paid: true,
        userId: owner,
      });
      await voice.storedClip(paid.messageClipId!);
      // An invitation's guest, greeted by name with a clip of their own, long ago.
      const guestGreeting = await named(voice, speech(`Invited ${storageName}`), ago(50 * DAY));
      await invitedGuest(t, paid.cardId, guestGreeting.greetingClipId!);
      const heardLately = await hear(voice, `Recent ${storageName}`, ago(2 * DAY));
      const heardAgainLately = await hear(voice, `Again ${storageName}`, ago(30 * DAY));
      await hear(voice, `Again ${storageName}`, ago(1 * DAY));

      expect(await housekeeping(t.database, storage).removeUnusedClips()).toEqual({ clips: 2, files: 1 });

      expect(await clipRow(t, heardLongAgo.clipId)).toBeUndefined();
      expect(await storage.stat(heardLongAgo.key)).toBeNull();
      expect(await clipRow(t, namedLongAgo.greetingClipId!)).toBeUndefined();
      for (const kept of [
        guestDraft.greetingClipId!,
        paid.greetingClipId!,
        paid.messageClipId!,
        guestGreeting.greetingClipId!,
        heardLately.clipId,
        heardAgainLately.clipId,
      ]) {
        expect(await playable(voice, storage, kept), kept).toBe(true);
      }
      // Nothing else is past retention: a second run removes nothing.
      expect(await housekeeping(t.database, storage).removeUnusedClips()).toEqual({ clips: 0, files: 0 });
    });
  });

  it('works through a backlog in batches', async () => {
    const t = use();
    const storage = storages['local disk'];
    const voice = voiceOn(t.database, storage);
    const old = [];
    for (let i = 0; i < 7; i++) old.push(await hear(voice, `Backlog ${i}`, ago(8 * DAY)));
    expect(await housekeeping(t.database, storage, { batchSize: 3 }).removeUnusedClips()).toEqual({
      clips: 7,
      files: 7,
    });
    for (const clip of old) {
      expect(await clipRow(t, clip.clipId)).toBeUndefined();
      expect(await storage.stat(clip.key)).toBeNull();
    }
  });

  it('keeps a clip that a card takes up while the housekeeping runs, with its audio', async () => {
    const t = use();
    const storage = storages['local disk'];
    const voice = voiceOn(t.database, storage);
    const savedNow = await hear(voice, 'Taken up', ago(20 * DAY));
    const savedBefore = await hear(voice, 'Saved before', ago(20 * DAY));
    const heardAgain = await hear(voice, 'Heard again', ago(20 * DAY));
    const run = housekeeping(t.database, storage, {
      // Between the listing and the removal: a card is saved with the first clip's words (naming it, as
      // saving does), a card saved elsewhere names the second one without naming it anew, and someone hears
      // the third again.
      async afterListing(ids) {
        expect(ids).toEqual(expect.arrayContaining([savedNow.clipId, savedBefore.clipId, heardAgain.clipId]));
        await card(t, voice, { ...speech('Taken up'), readMessageAloud: false }, { at: NOW });
        await insertCard(
          t,
          { greetingClipId: savedBefore.clipId, messageClipId: null },
          { at: ago(20 * DAY) },
        );
        await hear(voice, 'Heard again', NOW);
      },
    });
    expect(await run.removeUnusedClips()).toEqual({ clips: 0, files: 0 });
    for (const kept of [savedNow, savedBefore, heardAgain]) {
      expect(await playable(voice, storage, kept.clipId)).toBe(true);
    }
  });

  it('makes a clip asked for again while its old audio is being removed anew, and never serves the gap', async () => {
    const t = use();
    const storage = storages['local disk'];
    const voice = voiceOn(t.database, storage);
    const old = await hear(voice, 'Asked again', ago(10 * DAY));
    let again: Awaited<ReturnType<typeof hear>> | undefined;
    const run = housekeeping(t.database, storage, {
      // The row is gone and its file not yet: the same words are asked for at that moment.
      async afterRowsRemoved() {
        again = await hear(voice, 'Asked again', NOW);
      },
    });
    expect(await run.removeUnusedClips()).toEqual({ clips: 1, files: 1 });
    expect(again!.clipId).toBe(old.clipId);
    expect(await storage.stat(old.key)).toBeNull();
    expect(await playable(voice, storage, old.clipId)).toBe(true);
  });

  it('prepares a paid card’s clip again when it was removed as unused before the card named it', async () => {
    const t = use();
    const storage = storages['local disk'];
    const voice = voiceOn(t.database, storage);
    const heard = await hear(voice, 'Paid later', ago(10 * DAY));
    expect(await housekeeping(t.database, storage).removeUnusedClips()).toMatchObject({ clips: 1 });

    const clips = await card(t, voice, { ...speech('Paid later'), readMessageAloud: false }, { at: NOW });
    expect(clips.greetingClipId).toBe(heard.clipId);
    expect((await clipRow(t, heard.clipId))?.storageKey).toBeNull();
    await voice.prepare([clips.greetingClipId]);
    expect((await clipRow(t, heard.clipId))?.storageKey).not.toBeNull();
    expect(await playable(voice, storage, heard.clipId)).toBe(true);
  });

  it('two instances running at the same moment remove each clip once, without failing', async () => {
    const t = use();
    const storage = storages['local disk'];
    const voice = voiceOn(t.database, storage);
    const old = [];
    for (let i = 0; i < 12; i++) old.push(await hear(voice, `Twice ${i}`, ago(15 * DAY)));
    // SQLite is one process: there the two runs share the connection, and only the DELETE's own check keeps
    // them apart.
    const instances = t.dialect === 'postgres' ? [t.database, second] : [t.database, t.database];
    const outcomes = await Promise.all(
      instances.map((database) =>
        createExclusiveRunner(database)('housekeeping', () =>
          housekeeping(database, storage, { batchSize: 5 }).removeUnusedClips(),
        ),
      ),
    );
    const removed = outcomes.reduce((sum, outcome) => sum + (outcome.ran ? outcome.result.clips : 0), 0);
    expect(removed).toBe(12);
    for (const clip of old) {
      expect(await clipRow(t, clip.clipId)).toBeUndefined();
      expect(await storage.stat(clip.key)).toBeNull();
    }
  });
});
