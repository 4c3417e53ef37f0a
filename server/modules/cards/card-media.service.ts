import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { cardMediaApi } from '../../../shared/api-paths.ts';
import {
  CARD_MEDIA_KINDS,
  CARD_MEDIA_MAX_BYTES,
  MB,
  type CardMediaKind,
} from '../../../shared/cards/card-media.ts';
import type { Card } from '../../../shared/cards/cards.contract.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limit.ts';
import { sanitizeImage, NotAnImageError } from '../../platform/media/image-sanitizer.ts';
import {
  detectAudioFormat,
  detectVideoFormat,
  MEDIA_SNIFF_BYTES,
  mediaTypeOfExtension,
  type MediaFormat,
} from '../../platform/media/media-format.ts';
import { holdsPlayableTrack } from '../../platform/media/media-container.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { loadCardFor } from './card-access.ts';
import type { CardMediaRepository, MediaUploadRecord } from './card-media.repository.ts';
import { canChangeCardMedia, canReadCardMedia, type CardActor } from './cards.policy.ts';
import { presentCard } from './cards.presenter.ts';
import type { CardsRepository } from './cards.repository.ts';

const HOUR = 60 * 60 * 1000;

/** Upload limits (docs/decisions/0006-card-media-uploads.md), counted in the database across instances. */
export const CARD_MEDIA_RATE_LIMITS = {
  uploadsPerIp: { limit: 120, windowMs: HOUR },
  uploadsPerOwner: { limit: 120, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** Abandoned resumable uploads are dropped after a day; finished ones keep answering HEAD for as long. */
export const RESUMABLE_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The recipient image is shown at most card-sized; 2048 px keeps it sharp on any screen. */
export const CARD_IMAGE_MAX_EDGE_PX = 2048;

/** SPEC §7's folders: cards/images/…, cards/videos/…, cards/audio/…. */
const STORAGE_FOLDERS: Record<CardMediaKind, string> = { image: 'images', video: 'videos', audio: 'audio' };
/** `{timestamp}-{random}.{ext}`: SPEC §7's timestamp name with DESIGN §1.4's random part. */
const MEDIA_FILE_PATTERN = /^\d{10,16}-[A-Za-z0-9_-]{16}\.[a-z0-9]{2,5}$/;

/** SPEC §5's refusal of a video over 30 MB; the same idea, in our words, for images and voice messages. */
function tooLarge(kind: CardMediaKind, size: number): AppError {
  const max = CARD_MEDIA_MAX_BYTES[kind] / MB;
  const message =
    kind === 'video'
      ? `Video file is too large (${(size / MB).toFixed(1)} MB). Maximum allowed size is ${max}MB. Please compress your video before uploading.`
      : `This file is too large. The maximum size is ${max} MB.`;
  return new AppError('payload-too-large', message, { kind, maxBytes: CARD_MEDIA_MAX_BYTES[kind] });
}

function notThisKind(kind: CardMediaKind): AppError {
  const expected = {
    image: 'an image (JPEG, PNG, WebP, GIF or AVIF)',
    video: 'an MP4, MOV or WebM video',
    audio: 'an audio file',
  };
  return new AppError('unsupported-media-type', `This file is not ${expected[kind]}.`, { kind });
}

export function isCardMediaKind(value: string): value is CardMediaKind {
  return (CARD_MEDIA_KINDS as readonly string[]).includes(value);
}

/** Reads the first bytes of a stream and gives back a stream that still yields all of them. */
async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, stream: Readable.from(replay(), { objectMode: false }) };
}

/** Passes a stream on while counting; more bytes than announced fail it (the body lied about its size). */
function limitTo(source: Readable, maxBytes: number, onCount: (bytes: number) => void): Readable {
  let seen = 0;
  async function* counted() {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > maxBytes) throw new AppError('payload-too-large');
      yield chunk;
    }
    onCount(seen);
  }
  return Readable.from(counted(), { objectMode: false });
}

async function collect(source: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) throw new AppError('payload-too-large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export type CardMediaService = ReturnType<typeof createCardMediaService>;

/**
 * A card's media: the recipient image, the video and the voice message (SPEC §2 Create/Edit modal, §7 File
 * storage). Only the card's owner may upload, replace or remove them; an unpaid card's files are served to
 * its owner only. Every file is checked by content before it is kept: images are re-encoded without
 * metadata, audio and video must be a container browsers play. Sizes are refused before any byte is read.
 */
export function createCardMediaService(deps: {
  cards: Pick<CardsRepository, 'findById'>;
  media: CardMediaRepository;
  storage: FileStorage;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  now: () => Date;
  log: { warn(object: object, message: string): void };
  metrics?: Pick<Metrics, 'counter'>;
}) {
  const { cards, media, storage, rateLimiter, now, log } = deps;
  // `method`: `single` (the whole file in one request) or `resumable` (tus).
  const uploadsStarted = deps.metrics?.counter(
    'winc_card_media_uploads_started_total',
    'Card media uploads admitted (owner, kind and size checked), by kind and method.',
    ['kind', 'method'],
  );
  const uploadsFinished = deps.metrics?.counter(
    'winc_card_media_uploads_finished_total',
    'Card media uploads whose file was checked, stored and attached to its card, by kind and method.',
    ['kind', 'method'],
  );

  /** Checks everything that can be checked before the bytes: owner, kind, announced size, rate limits. */
  async function admit(actor: CardActor, cardId: string, kindName: string, size: number | 'deferred' | null) {
    if (!isCardMediaKind(kindName)) throw new AppError('not-found');
    const card = await loadCardFor(cards, actor, cardId, canChangeCardMedia);
    // Only a video is sent while it is produced (compressed in the browser); its limit is tus's maximum size,
    // checked on every PATCH. Other kinds announce their size, checked here before any byte.
    if (size === 'deferred') {
      if (kindName !== 'video')
        throw new AppError('validation-failed', 'Only a video may announce its size at the end.');
    } else if (size === null || !Number.isSafeInteger(size) || size <= 0) {
      throw new AppError('validation-failed', 'The file size must be announced and more than 0 bytes.');
    } else if (size > CARD_MEDIA_MAX_BYTES[kindName]) throw tooLarge(kindName, size);
    await rateLimiter.consume(`card-media:ip:${actor.ip}`, CARD_MEDIA_RATE_LIMITS.uploadsPerIp);
    await rateLimiter.consume(
      `card-media:owner:${actor.userId ?? actor.guestSessionId}`,
      CARD_MEDIA_RATE_LIMITS.uploadsPerOwner,
    );
    return { card, kind: kindName };
  }

  /**
   * Stores one file for the card and points the card at it; the file it replaces is deleted afterwards.
   * `size` is the announced size: a body that turns out longer or shorter is refused.
   */
  async function attach(cardId: string, kind: CardMediaKind, source: Readable, size: number): Promise<Card> {
    const card = await cards.findById(cardId);
    if (!card) throw new AppError('card-not-found');
    const at = now();
    const folder = card.userId ?? 'guest';
    const keyFor = (ext: string) =>
      `cards/${STORAGE_FOLDERS[kind]}/${folder}/${at.getTime()}-${crypto.randomBytes(12).toString('base64url')}.${ext}`;

    let key: string;
    if (kind === 'image') {
      const bytes = await collect(source, CARD_MEDIA_MAX_BYTES.image);
      if (bytes.length !== size) throw new AppError('validation-failed', 'The upload ended early.');
      let image;
      try {
        image = await sanitizeImage(bytes, { maxEdge: CARD_IMAGE_MAX_EDGE_PX });
      } catch (error) {
        if (error instanceof NotAnImageError) throw notThisKind(kind);
        throw error;
      }
      key = keyFor(image.ext);
      await storage.write(key, image.data, image.mime);
    } else {
      const { head, stream } = await peek(source, MEDIA_SNIFF_BYTES);
      const format: MediaFormat | null = kind === 'video' ? detectVideoFormat(head) : detectAudioFormat(head);
      if (!format) {
        stream.destroy();
        throw notThisKind(kind);
      }
      key = keyFor(format.ext);
      let written = 0;
      await storage.writeStream(
        key,
        limitTo(stream, size, (count) => (written = count)),
        format.mime,
      );
      if (written !== size) {
        await storage.delete(key);
        throw new AppError('validation-failed', 'The upload ended early.');
      }
      if (!(await holdsPlayableTrack(storage, key, size, kind))) {
        await storage.delete(key);
        throw notThisKind(kind);
      }
    }

    const url = cardMediaApi.file(cardId, kind, key.slice(key.lastIndexOf('/') + 1));
    const replaced = await media.setMedia(cardId, kind, { path: key, url }, at);
    if (!replaced) {
      await storage.delete(key);
      throw new AppError('card-not-found');
    }
    await removeFile(replaced.replacedPath);
    const saved = await cards.findById(cardId);
    if (!saved) throw new AppError('card-not-found');
    return presentCard(saved);
  }

  async function removeFile(key: string | null): Promise<void> {
    if (!key) return;
    await storage.delete(key).catch((error: unknown) => {
      log.warn({ err: error, key }, 'could not delete a replaced card media file');
    });
  }

  return {
    /**
     * The simple upload (SPEC §4: files up to 256 KB, under 5 MB on mobile; any size up to the kind's limit
     * is accepted): the raw body is the file.
     */
    async uploadInOneRequest(
      actor: CardActor,
      cardId: string,
      kindName: string,
      body: Readable,
      announcedSize: number | null,
    ): Promise<Card> {
      const { kind } = await admit(actor, cardId, kindName, announcedSize);
      uploadsStarted?.inc({ kind, method: 'single' });
      const card = await attach(cardId, kind, body, announcedSize!);
      uploadsFinished?.inc({ kind, method: 'single' });
      return card;
    },

    /** Admits a new resumable upload before tus creates it (the same checks as the simple upload). */
    async admitResumableUpload(
      actor: CardActor,
      request: {
        cardId: string | undefined;
        kind: string | undefined;
        size: number | null;
        /** `Upload-Defer-Length: 1`: the size comes with the last PATCH. */
        deferredLength?: boolean;
      },
    ): Promise<void> {
      if (!request.cardId || !request.kind)
        throw new AppError('validation-failed', 'The upload must name its card and kind.');
      const size = request.deferredLength && request.size === null ? 'deferred' : request.size;
      await admit(actor, request.cardId, request.kind, size);
    },

    /**
     * Records a resumable upload tus has just created, so later requests are authorised by its card. A
     * deferred size is recorded as 0 until the upload finishes.
     */
    async recordResumableUpload(upload: {
      id: string;
      cardId: string;
      kind: CardMediaKind;
      size: number | null;
    }) {
      await media.insertUpload({ ...upload, size: upload.size ?? 0, createdAt: now() });
      uploadsStarted?.inc({ kind: upload.kind, method: 'resumable' });
    },

    /**
     * The resumable upload when the actor owns its card; an unknown upload and someone else's answer alike.
     */
    async findResumableUpload(actor: CardActor, uploadId: string): Promise<MediaUploadRecord> {
      const upload = /^[A-Za-z0-9_-]{16,64}$/.test(uploadId) ? await media.findUpload(uploadId) : undefined;
      if (!upload) throw new AppError('not-found');
      const card = await cards.findById(upload.cardId);
      if (!card || !canChangeCardMedia(actor, card)) throw new AppError('not-found');
      return upload;
    },

    /**
     * A resumable upload has all its bytes: check and keep the file, attach it, and mark the upload done (a
     * refused file ends the upload).
     */
    async finishResumableUpload(uploadId: string, bytes: Readable, size: number): Promise<Card> {
      const upload = await media.findUpload(uploadId);
      if (!upload) throw new AppError('not-found');
      let card: Card;
      try {
        card = await attach(upload.cardId, upload.kind, bytes, size);
      } catch (error) {
        // A refused file is not resumable: the upload is over, and later requests for it find nothing.
        await media.deleteUpload(uploadId);
        throw error;
      }
      await media.markUploadCompleted(uploadId, now(), size);
      uploadsFinished?.inc({ kind: upload.kind, method: 'resumable' });
      return card;
    },

    /**
     * Forgets resumable uploads older than their lifetime: the bytes of abandoned ones (a tab closed for good)
     * through `removeBytes`, and the records of finished ones. Answers how many were forgotten.
     */
    async forgetOldUploads(removeBytes: (uploadId: string) => Promise<void>): Promise<number> {
      const old = await media.uploadsCreatedBefore(
        new Date(now().getTime() - RESUMABLE_UPLOAD_LIFETIME_MS),
        500,
      );
      for (const upload of old) {
        if (!upload.completedAt) await removeBytes(upload.id).catch(() => undefined);
        await media.deleteUpload(upload.id);
      }
      return old.length;
    },

    /** Removes the card's file of one kind (SPEC §7: the URL becomes null when removed). */
    async removeMedia(actor: CardActor, cardId: string, kindName: string): Promise<Card> {
      if (!isCardMediaKind(kindName)) throw new AppError('not-found');
      await loadCardFor(cards, actor, cardId, canChangeCardMedia);
      const removed = await media.setMedia(cardId, kindName, null, now());
      if (!removed) throw new AppError('card-not-found');
      await removeFile(removed.replacedPath);
      const saved = await cards.findById(cardId);
      if (!saved) throw new AppError('card-not-found');
      return presentCard(saved);
    },

    /**
     * A card's media file for reading: the owner's, or anyone's once the card is paid and revealed. Only the file the card
     * points at now is served (a replaced file's old URL is gone).
     */
    async findMediaFile(
      actor: CardActor,
      cardId: string,
      kindName: string,
      fileName: string,
    ): Promise<{ key: string; size: number; type: string }> {
      if (!isCardMediaKind(kindName) || !MEDIA_FILE_PATTERN.test(fileName)) throw new AppError('not-found');
      const card = await loadCardFor(cards, actor, cardId, (reader, found) =>
        canReadCardMedia(reader, found, now()),
      );
      const key = { image: card.recipientImagePath, video: card.videoPath, audio: card.audioPath }[kindName];
      if (!key || key.slice(key.lastIndexOf('/') + 1) !== fileName) throw new AppError('not-found');
      const stat = await storage.stat(key);
      const type = mediaTypeOfExtension(fileName.slice(fileName.lastIndexOf('.') + 1));
      if (!stat || !type) throw new AppError('not-found');
      return { key, size: stat.size, type };
    },
  };
}
