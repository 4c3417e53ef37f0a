import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FileStorage, StoredObject } from './file-storage.ts';

/** Rejects keys that could escape the storage root. */
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

/** File storage in a folder on local disk (DATA_DIR/storage by default). */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const stats = await fsp.stat(this.resolve(key));
      return stats.isFile() ? { key, size: stats.size, modifiedAt: stats.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  read(key: string): Promise<Buffer> {
    return fsp.readFile(this.resolve(key));
  }

  createReadStream(key: string): fs.ReadStream {
    return fs.createReadStream(this.resolve(key));
  }

  /** Writes through a temporary file and a rename, so a reader never sees half a file. */
  async write(key: string, data: Buffer): Promise<void> {
    const target = this.resolve(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fsp.writeFile(temporary, data);
    await fsp.rename(temporary, target);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
}
