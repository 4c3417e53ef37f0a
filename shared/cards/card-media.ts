/**
 * A card's media (SPEC §2 Create/Edit modal, §5 Video, §7 File storage, §9 Uploads): the recipient image,
 * the video and the voice message, their size limits and how the browser sends them. The server enforces
 * every limit before it accepts a byte; the browser mirrors them to warn early.
 * Decisions: docs/decisions/0006-card-media-uploads.md.
 */

/** One MB as SPEC counts it: "30 MB (31457280 bytes)". */
export const MB = 1024 * 1024;

export const CARD_MEDIA_KINDS = ['image', 'video', 'audio'] as const;
export type CardMediaKind = (typeof CARD_MEDIA_KINDS)[number];

/** SPEC §5/§9: a video over 30 MB is refused (after compression, when compression could not help). */
export const VIDEO_MAX_BYTES = 30 * MB;
/** A phone photo is a few MB; 20 MB leaves room for large camera files before they are re-encoded. */
export const IMAGE_MAX_BYTES = 20 * MB;
/** About 10 minutes of high-quality audio; a voice message is usually well under 1 MB. */
export const AUDIO_MAX_BYTES = 20 * MB;

export const CARD_MEDIA_MAX_BYTES: Record<CardMediaKind, number> = {
  image: IMAGE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  audio: AUDIO_MAX_BYTES,
};

/** SPEC §4/§9 upload behaviour. */
export const UPLOAD_RULES = {
  /** Larger files go resumable (tus); smaller ones in one request. */
  resumableAboveBytes: 256 * 1024,
  /** On mobile devices files under 5 MB use the simple upload. */
  mobileSimpleBelowBytes: 5 * MB,
  /** Resumable chunks start at 256 KB and double up to a cap below 32 MB (16 MB). */
  firstChunkBytes: 256 * 1024,
  maxChunkBytes: 16 * MB,
  /** 3 attempts, back-off 1 s doubling to at most 10 s. */
  attempts: 3,
  firstBackoffMs: 1000,
  maxBackoffMs: 10_000,
} as const;

/** Whether a file goes in one request (SPEC §4 upload task states / §9 uploads). */
export function usesSimpleUpload(size: number, isMobile: boolean): boolean {
  if (isMobile && size < UPLOAD_RULES.mobileSimpleBelowBytes) return true;
  return size <= UPLOAD_RULES.resumableAboveBytes;
}

/** The tus `Upload-Metadata` keys a resumable card-media upload carries. */
export const TUS_METADATA_KEYS = {
  cardId: 'cardId',
  kind: 'kind',
  fileName: 'filename',
  fileType: 'filetype',
} as const;
