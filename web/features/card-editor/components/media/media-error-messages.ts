import { CARD_MEDIA_MAX_BYTES, MB, type CardMediaKind } from '../../../../../shared/cards/card-media.ts';
import { UPLOAD_ERROR_CODES, type UploadErrorCode } from '../../../../lib/uploads/upload-error.ts';

/**
 * SPEC §8's media messages as locale keys (storage, compression, card save), so whoever catches an error
 * only picks a code and the UI shows it in the visitor's language. A message is a key plus its values,
 * ready for `t(message.key, message.values)`.
 */
export interface MediaMessage {
  key: string;
  values?: Record<string, string | number>;
}

/** SPEC §8 "Compression errors": timed out, engine failed to load, out of memory, format or codec, other. */
export const COMPRESSION_ERROR_CODES = [
  'timeout',
  'engine-load-failed',
  'out-of-memory',
  'unsupported-format',
  'failed',
] as const;
export type CompressionErrorCode = (typeof COMPRESSION_ERROR_CODES)[number];

/** SPEC §8 "Card create/update failure mapping", plus its two support messages around finalising. */
export const CARD_SAVE_ERROR_CODES = [
  'permission-denied',
  'unavailable',
  'storage',
  'database',
  'configuration',
  'finalize-failed',
  'generic',
] as const;
export type CardSaveErrorCode = (typeof CARD_SAVE_ERROR_CODES)[number];

/** SPEC §8 "Storage errors": the message of each code the upload client reports. */
const STORAGE_KEYS: Record<UploadErrorCode, string> = {
  unauthorized: 'cardMedia.storageErrors.unauthorized',
  canceled: 'cardMedia.storageErrors.canceled',
  unknown: 'cardMedia.storageErrors.unknown',
  unauthenticated: 'cardMedia.storageErrors.unauthenticated',
  'retry-limit-exceeded': 'cardMedia.storageErrors.retryLimitExceeded',
  'server-file-wrong-size': 'cardMedia.storageErrors.serverFileWrongSize',
  'invalid-format': 'cardMedia.storageErrors.invalidFormat',
  'file-too-large': 'cardMedia.storageErrors.fileTooLarge',
};

const COMPRESSION_KEYS: Record<CompressionErrorCode, string> = {
  timeout: 'cardMedia.compressionErrors.timeout',
  'engine-load-failed': 'cardMedia.compressionErrors.engineLoadFailed',
  'out-of-memory': 'cardMedia.compressionErrors.outOfMemory',
  'unsupported-format': 'cardMedia.compressionErrors.unsupportedFormat',
  failed: 'cardMedia.compressionErrors.failed',
};

/** The first three messages already exist for the editor's own save; they are reused, not copied. */
const CARD_SAVE_KEYS: Record<CardSaveErrorCode, string> = {
  'permission-denied': 'editor.errors.permissionDenied',
  unavailable: 'editor.errors.unavailable',
  storage: 'editor.errors.storage',
  database: 'cardMedia.saveErrors.database',
  configuration: 'cardMedia.saveErrors.configuration',
  'finalize-failed': 'cardMedia.saveErrors.finalizeFailed',
  generic: 'errors.generic',
};

/** Key of the retry summary; it is a plural ("after 1 attempt", "after 3 attempts"), hence `count`. */
export const UPLOAD_RETRY_FAILED_KEY = 'cardMedia.storageErrors.failedAfterAttempts';

/** Key of SPEC §5's video-over-30-MB message, shown by the file-too-large dialog. */
export const VIDEO_TOO_LARGE_KEY = 'cardMedia.tooLarge.video';

export function isStorageErrorCode(code: unknown): code is UploadErrorCode {
  return (UPLOAD_ERROR_CODES as readonly unknown[]).includes(code);
}

export function isCompressionErrorCode(code: unknown): code is CompressionErrorCode {
  return (COMPRESSION_ERROR_CODES as readonly unknown[]).includes(code);
}

/**
 * The message of a storage error code. An unrecognised code reads as SPEC's "unknown" error. `file-too-large`
 * names the limit of the file's kind (image or audio; a video over its limit gets the dialog instead).
 */
export function storageErrorMessage(code: string, kind: CardMediaKind = 'image'): MediaMessage {
  if (!isStorageErrorCode(code)) return { key: STORAGE_KEYS.unknown };
  if (code === 'file-too-large') return fileTooLargeMessage(kind);
  return { key: STORAGE_KEYS[code] };
}

/** "This file is too large. The maximum size is 20 MB." for the kind's limit (shared/cards/card-media.ts). */
export function fileTooLargeMessage(kind: CardMediaKind): MediaMessage {
  return { key: STORAGE_KEYS['file-too-large'], values: { max: CARD_MEDIA_MAX_BYTES[kind] / MB } };
}

/** SPEC §8: 'Upload failed after N attempts: {reason}', the reason already in the visitor's language. */
export function uploadRetryFailedMessage(attempts: number, reason: string): MediaMessage {
  return { key: UPLOAD_RETRY_FAILED_KEY, values: { count: attempts, reason } };
}

/** Said when compression failed without a reason to show (rather than 'Video compression failed: '). */
const COMPRESSION_FAILED_WITHOUT_REASON_KEY = 'cardMedia.compressionErrors.failedWithoutReason';

/**
 * The message of a compression failure. `failed` carries the engine's own reason (SPEC: 'Video compression
 * failed: {reason}').
 */
export function compressionErrorMessage(code: CompressionErrorCode, reason?: string): MediaMessage {
  if (code !== 'failed') return { key: COMPRESSION_KEYS[code] };
  const said = reason?.trim();
  return said
    ? { key: COMPRESSION_KEYS.failed, values: { reason: said } }
    : { key: COMPRESSION_FAILED_WITHOUT_REASON_KEY };
}

/**
 * SPEC §5: 'Video file is too large (X MB). Maximum allowed size is 30MB. …'. `size` is the caller's formatted
 * MB (`formatOverLimitMegabytes`), so the number follows the UI language.
 */
export function videoTooLargeMessage(size: string): MediaMessage {
  return { key: VIDEO_TOO_LARGE_KEY, values: { size, max: CARD_MEDIA_MAX_BYTES.video / MB } };
}

export function cardSaveErrorKey(code: CardSaveErrorCode): string {
  return CARD_SAVE_KEYS[code];
}

/**
 * SPEC §8 "Card create/update failure mapping" for any failure with a code and/or message, checked in SPEC's
 * order: permission-denied, unavailable, a message mentioning storage, a message mentioning the database
 * ("firestore" in the original), otherwise the generic message.
 */
export function classifyCardSaveFailure(failure: {
  code?: string | null;
  message?: string | null;
}): CardSaveErrorCode {
  const code = failure.code ?? '';
  const message = failure.message ?? '';
  if (code === 'permission-denied') return 'permission-denied';
  if (code === 'unavailable' || code === 'service-unavailable') return 'unavailable';
  if (/storage/i.test(message)) return 'storage';
  if (/firestore|database/i.test(message)) return 'database';
  return 'generic';
}

/** Every locale key this module can return, for the completeness test of the three languages. */
export function allMediaMessageKeys(): string[] {
  return [
    ...Object.values(STORAGE_KEYS),
    ...Object.values(COMPRESSION_KEYS),
    ...Object.values(CARD_SAVE_KEYS),
    COMPRESSION_FAILED_WITHOUT_REASON_KEY,
    UPLOAD_RETRY_FAILED_KEY,
    VIDEO_TOO_LARGE_KEY,
  ];
}
