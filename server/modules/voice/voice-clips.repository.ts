import type { ExpressionBuilder } from 'kysely';
import { isLanguage, type Language } from '../../../shared/i18n/languages.ts';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { Voice } from '../../../shared/cards/card-rules.ts';

/** Synthesized speech, named by what it says: `storageKey` is null until the audio has been made. */
export interface VoiceClipRecord {
  id: string;
  engine: string;
  voice: Voice;
  language: Language;
  text: string;
  storageKey: string | null;
  size: number | null;
}

/** A clip the housekeeping removed, and the audio it leaves in storage (none when it was never made). */
export interface RemovedVoiceClip {
  id: string;
  storageKey: string | null;
}

/**
 * A clip asked for again within this long is not stamped again: the stamp only has to be far younger than the
 * retention period (a day at least), and most saves of a card then write nothing to this table.
 */
const USE_STAMP_INTERVAL_MS = 60 * 60 * 1000;

export type VoiceClipsRepository = ReturnType<typeof createVoiceClipsRepository>;

/** The voice clips table: what each clip says, where its audio is once synthesized, and when it was asked for. */
export function createVoiceClipsRepository(database: Database) {
  const { db, codec } = database;

  /**
   * A clip nobody uses: no card names it (as its greeting or its message read aloud; a draft or a paid card,
   * a guest's or a user's), no invitation's guest is greeted with it, and nobody asked for it since `cutoff`. Used for the listing and again inside the
   * DELETE, so a clip that a card or a listener takes up in between is kept.
   */
  const unusedSince = (cutoff: Date) => (eb: ExpressionBuilder<DB, 'voiceClips'>) =>
    eb.and([
      eb('voiceClips.lastUsedAt', '<', codec.date(cutoff)),
      eb.not(
        eb.exists(
          eb.selectFrom('cards').select('cards.id').whereRef('cards.greetingClipId', '=', 'voiceClips.id'),
        ),
      ),
      eb.not(
        eb.exists(
          eb.selectFrom('cards').select('cards.id').whereRef('cards.messageClipId', '=', 'voiceClips.id'),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('invitationGuests')
            .select('invitationGuests.id')
            .whereRef('invitationGuests.greetingClipId', '=', 'voiceClips.id'),
        ),
      ),
    ]);

  return {
    /**
     * Records a clip to be synthesized, or stamps an existing one (same words, voice, language, engine) as
     * asked for at `at`. A clip the housekeeping removed a moment before is recorded anew, unsynthesized.
     */
    async register(clip: Omit<VoiceClipRecord, 'storageKey' | 'size'>, at: Date): Promise<void> {
      const stampedBefore = codec.date(new Date(at.getTime() - USE_STAMP_INTERVAL_MS));
      await db
        .insertInto('voiceClips')
        .values({
          ...clip,
          storageKey: null,
          size: null,
          createdAt: codec.date(at),
          synthesizedAt: null,
          lastUsedAt: codec.date(at),
        })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({ lastUsedAt: codec.date(at) })
            .where('voiceClips.lastUsedAt', '<', stampedBefore),
        )
        .execute();
    },

    async findById(id: string): Promise<VoiceClipRecord | undefined> {
      const row = await db.selectFrom('voiceClips').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        engine: row.engine,
        voice: row.voice === 'male' ? 'male' : 'female',
        language: isLanguage(row.language) ? row.language : 'en',
        text: row.text,
        storageKey: row.storageKey,
        size: row.size === null ? null : Number(row.size),
      };
    },

    /**
     * Records where the clip's audio is, unless it has some already (another instance stored it first) or the
     * clip is gone (the housekeeping removed it as unused meanwhile): false then, and the caller's file is
     * nobody's.
     */
    async markSynthesized(
      id: string,
      stored: { storageKey: string; size: number },
      at: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('voiceClips')
        .set({ storageKey: stored.storageKey, size: stored.size, synthesizedAt: codec.date(at) })
        .where('id', '=', id)
        .where('storageKey', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Up to `limit` clips nobody used since `cutoff`, longest unused first. */
    async unusedClipIds(cutoff: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('voiceClips')
        .select('voiceClips.id')
        .where(unusedSince(cutoff))
        .orderBy('voiceClips.lastUsedAt')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Removes those of `ids` that are still unused as of `cutoff` (checked by the DELETE itself) and answers
     * them with their audio's storage key; a clip taken up since, or removed by another instance, is left out.
     */
    async deleteUnusedClips(ids: readonly string[], cutoff: Date): Promise<RemovedVoiceClip[]> {
      if (ids.length === 0) return [];
      return db
        .deleteFrom('voiceClips')
        .where('voiceClips.id', 'in', ids)
        .where(unusedSince(cutoff))
        .returning(['voiceClips.id', 'voiceClips.storageKey'])
        .execute();
    },
  };
}
