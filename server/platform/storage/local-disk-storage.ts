import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  assertValidRange,
  StoredObjectNotFoundError,
  type ByteRange,
  type FileStorage,
  type StoredObject,
} from './file-storage.ts';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}

/** File storage in a folder on local disk (DATA_DIR/storage by default). */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** A sibling temporary name: same folder, so the final rename is atomic. */
  private async temporaryFor(key: string): Promise<{ target: string; temporary: string }> {
    const target = this.resolve(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    return { target, temporary: `${target}.${crypto.randomBytes(6).toString('hex')}.tmp` };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const stats = await fsp.stat(this.resolve(key));
      return stats.isFile() ? { key, size: stats.size, modifiedAt: stats.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await fsp.readFile(this.resolve(key));
    } catch (error) {
      if (isMissing(error)) throw new StoredObjectNotFoundError(key);
      throw error;
    }
  }

  async openRead(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.resolve(key);
    if (range) assertValidRange(range);
    // Opening first turns a missing file into a rejection here, not an error event after headers are sent.
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (error) {
      if (isMissing(error)) throw new StoredObjectNotFoundError(key);
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new StoredObjectNotFoundError(key);
      if (!range) return handle.createReadStream();
      if (range.start >= stats.size) {
        throw new RangeError(`Range ${range.start}-${range.end} starts past the end of ${stats.size} bytes`);
      }
      return handle.createReadStream({ start: range.start, end: Math.min(range.end, stats.size - 1) });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Writes through a temporary file and a rename, so a reader never sees half a file. */
  async write(key: string, data: Buffer): Promise<void> {
    const { target, temporary } = await this.temporaryFor(key);
    try {
      await fsp.writeFile(temporary, data);
      await fsp.rename(temporary, target);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  /** Streams into a temporary file and renames it into place once complete. */
  async writeStream(key: string, source: Readable): Promise<{ size: number }> {
    const { target, temporary } = await this.temporaryFor(key);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const sink = fs.createWriteStream(temporary, { flags: 'wx' });
    try {
      await pipeline(source, counter, sink);
      await fsp.rename(temporary, target);
    } catch (error) {
      // The file is opened asynchronously: removing it before the stream has closed could leave it behind.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await fsp.rm(temporary, { force: true });
      throw error;
    }
    return { size };
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }

  async probe(): Promise<void> {
    // A root-level name the app's keys never take (they all sit in folders), removed at once.
    const file = path.join(this.root, `.probe-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
    await fsp.mkdir(this.root, { recursive: true });
    try {
      await fsp.writeFile(file, 'ok');
    } finally {
      await fsp.rm(file, { force: true });
    }
  }
}
