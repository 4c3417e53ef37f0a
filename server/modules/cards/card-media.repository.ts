import type { CardMediaKind } from '../../../shared/cards/card-media.ts';
import type { Selectable } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { MediaUploadsTable } from '../../platform/db/schema.ts';

/** The stored file of one kind of a card's media: the storage key and the URL the card presents. */
export interface StoredMedia {
  path: string;
  url: string;
}

/** A resumable upload of a card's media, as recorded when it was created. */
export interface MediaUploadRecord {
  id: string;
  cardId: string;
  kind: CardMediaKind;
  /** 0 while a deferred length (a video sent as it is compressed) is not declared yet. */
  size: number;
  createdAt: Date;
  completedAt: Date | null;
}

/** The card columns of each media kind (SPEC §3 names the URL columns; the paths stay on the server). */
const COLUMNS = {
  image: { path: 'recipientImagePath', url: 'recipientImageUrl' },
  video: { path: 'videoPath', url: 'videoUrl' },
  audio: { path: 'audioPath', url: 'audioUrl' },
} as const;

export type CardMediaRepository = ReturnType<typeof createCardMediaRepository>;

/** Card media queries, written once for SQLite and PostgreSQL. */
export function createCardMediaRepository(database: Database) {
  const { db, codec } = database;

  const toUpload = (row: Selectable<MediaUploadsTable>): MediaUploadRecord => ({
    id: row.id,
    cardId: row.cardId,
    kind: row.kind as CardMediaKind,
    size: Number(row.size),
    createdAt: codec.readDate(row.createdAt),
    completedAt: row.completedAt === null ? null : codec.readDate(row.completedAt),
  });

  return {
    /**
     * Points the card's media of one kind at a new file (or at none), with SPEC §3's `mediaUrls` kept as the
     * list of the card's media URLs, and the modification times. Answers the path it replaced, for the caller
     * to delete, or undefined when the card no longer exists.
     */
    async setMedia(
      cardId: string,
      kind: CardMediaKind,
      media: StoredMedia | null,
      at: Date,
    ): Promise<{ replacedPath: string | null } | undefined> {
      return db.transaction().execute(async (trx) => {
        const card = await trx
          .selectFrom('cards')
          .select([
            'recipientImagePath',
            'recipientImageUrl',
            'videoPath',
            'videoUrl',
            'audioPath',
            'audioUrl',
          ])
          .where('id', '=', cardId)
          .executeTakeFirst();
        if (!card) return undefined;
        const columns = COLUMNS[kind];
        const urls = { image: card.recipientImageUrl, video: card.videoUrl, audio: card.audioUrl };
        urls[kind] = media?.url ?? null;
        await trx
          .updateTable('cards')
          .set({
            [columns.path]: media?.path ?? null,
            [columns.url]: media?.url ?? null,
            mediaUrls: codec.json([urls.image, urls.video, urls.audio].filter((url) => url !== null)),
            lastModified: codec.date(at),
            updatedAt: codec.date(at),
          })
          .where('id', '=', cardId)
          .execute();
        return { replacedPath: card[columns.path] };
      });
    },

    async insertUpload(upload: Omit<MediaUploadRecord, 'completedAt'>): Promise<void> {
      await db
        .insertInto('mediaUploads')
        .values({
          id: upload.id,
          cardId: upload.cardId,
          kind: upload.kind,
          size: upload.size,
          createdAt: codec.date(upload.createdAt),
          completedAt: null,
        })
        .execute();
    },

    async findUpload(id: string): Promise<MediaUploadRecord | undefined> {
      const row = await db.selectFrom('mediaUploads').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUpload(row);
    },

    /** `size` is the final one: an upload whose length was deferred learns it only now. */
    async markUploadCompleted(id: string, at: Date, size: number): Promise<void> {
      await db
        .updateTable('mediaUploads')
        .set({ completedAt: codec.date(at), size })
        .where('id', '=', id)
        .execute();
    },

    async deleteUpload(id: string): Promise<void> {
      await db.deleteFrom('mediaUploads').where('id', '=', id).execute();
    },

    /** Uploads started before `cutoff` (finished or abandoned), for the periodic clean-up. */
    async uploadsCreatedBefore(cutoff: Date, limit: number): Promise<MediaUploadRecord[]> {
      const rows = await db
        .selectFrom('mediaUploads')
        .selectAll()
        .where('createdAt', '<', codec.date(cutoff))
        .limit(limit)
        .execute();
      return rows.map(toUpload);
    },
  };
}
