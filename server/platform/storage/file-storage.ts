import type { Readable } from 'node:stream';

/** Metadata of a stored object. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** A byte range of a stored object; both ends inclusive, like HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where files live (template artwork, avatars, card media). Keys are relative, slash-separated paths such as
 * `catalog/templates/x.webp`; a key that could escape the storage root (`..`, a leading `/`, a backslash, an
 * empty segment) is refused by every implementation with an Error, before any I/O. Local disk by default; an
 * S3-compatible store maps each key 1:1 to an object key.
 *
 * A missing object: `stat` answers null; `read` and `openRead` reject with {@link StoredObjectNotFoundError}
 * (before any byte is sent, so a route can still answer 404); `delete` succeeds.
 */
export interface FileStorage {
  stat(key: string): Promise<StoredObject | null>;
  /** The whole object in memory: for small files only (images to re-encode), never for card videos. */
  read(key: string): Promise<Buffer>;
  /**
   * A stream of the object, or of `range` within it. The end of a range is clamped to the last byte; a range
   * that starts past the end or is inverted rejects with a RangeError, so callers check it against `stat`'s
   * size first and answer 416 themselves.
   */
  openRead(key: string, range?: ByteRange): Promise<Readable>;
  /** Stores a whole object; a reader sees either the old object or the new one, never a part. */
  write(key: string, data: Buffer, contentType?: string): Promise<void>;
  /**
   * Stores a stream of unknown length without holding it in memory (bounded buffers only). Readers never see
   * a partial object: on failure the previous object, if any, stays. Resolves with the bytes written.
   */
  writeStream(key: string, source: Readable, contentType?: string): Promise<{ size: number }>;
  /** Removes an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Rejects unless the store can take a write right now (readiness): local disk writes and removes a small
   * file, so a full or read-only disk counts as down; an S3 store is asked for the bucket.
   */
  probe(): Promise<void>;
  /** Releases connections (an S3 client's sockets) when the app closes. */
  destroy?(): void;
}

/** `read`/`openRead` of a key that holds no object. `code` matches Node's, for code that checks ENOENT. */
export class StoredObjectNotFoundError extends Error {
  override name = 'StoredObjectNotFoundError';
  readonly code = 'ENOENT';

  constructor(readonly key: string) {
    super(`No stored object at ${JSON.stringify(key)}`);
  }
}

/** Rejects keys that could escape the storage root, with the same rule for every backend. */
export function assertSafeKey(key: string): void {
  if (
    key === '' ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** Checks a requested range's shape; the object's size is checked by the backend. */
export function assertValidRange(range: ByteRange): void {
  if (
    !Number.isSafeInteger(range.start) ||
    !Number.isSafeInteger(range.end) ||
    range.start < 0 ||
    range.end < range.start
  ) {
    throw new RangeError(`Invalid byte range ${range.start}-${range.end}`);
  }
}
