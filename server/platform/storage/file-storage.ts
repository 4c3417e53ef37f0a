import type { Readable } from 'node:stream';

/** Metadata of a stored object. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where files live (template artwork now; card media later). Keys are relative, slash-separated paths such
 * as `catalog/templates/x.webp`. Local disk by default; an S3-compatible store is another implementation.
 */
export interface FileStorage {
  stat(key: string): Promise<StoredObject | null>;
  read(key: string): Promise<Buffer>;
  createReadStream(key: string): Readable;
  write(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
}
