import { isLanguage, type Language } from '../../../shared/i18n/languages.ts';
import type { Database } from '../../platform/db/database.ts';
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

export type VoiceClipsRepository = ReturnType<typeof createVoiceClipsRepository>;

/** The voice clips table: what each clip says, and where its audio is once synthesized. */
export function createVoiceClipsRepository(database: Database) {
  const { db, codec } = database;

  return {
    /** Records a clip to be synthesized; a clip that exists already (same words, voice, language, engine) stays. */
    async register(clip: Omit<VoiceClipRecord, 'storageKey' | 'size'>, at: Date): Promise<void> {
      await db
        .insertInto('voiceClips')
        .values({ ...clip, storageKey: null, size: null, createdAt: codec.date(at), synthesizedAt: null })
        .onConflict((oc) => oc.column('id').doNothing())
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

    async markSynthesized(id: string, stored: { storageKey: string; size: number }, at: Date): Promise<void> {
      await db
        .updateTable('voiceClips')
        .set({ storageKey: stored.storageKey, size: stored.size, synthesizedAt: codec.date(at) })
        .where('id', '=', id)
        .execute();
    },
  };
}
