import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { AppConfig } from '../config.ts';

/**
 * Online backups of a SQLite deployment (docs/decisions/0023-operations.md): the database through SQLite's
 * backup API while the server writes to it, the files of DATA_DIR/storage (not the re-creatable cache/), and
 * the generated auth secret, into a timestamped folder or the configured S3 bucket. A PostgreSQL deployment is
 * backed up with pg_dump and the bucket's own tools (README, "Operations").
 */

/** What a backup holds, written last as `manifest.json`: a folder without it is not a finished backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: { file: 'winc.db'; bytes: number; integrity: 'ok' };
  /** The files copied from DATA_DIR/storage, or where they live when they are in an S3 bucket. */
  files: { location: 'storage/'; count: number; bytes: number } | { location: 's3-bucket'; bucket: string };
  authSecret: boolean;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_S3_PREFIX = 'backups/';
const AUTH_SECRET_FILE = 'auth-secret';

/** In a backup's name: `winc-backup-20260601T120000Z`. */
export function backupName(at: Date): string {
  return `winc-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/** Names in the storage folder that are not the app's files: a write in progress, the readiness probe. */
const isTransient = (name: string) => name.endsWith('.tmp') || name.startsWith('.probe-');

/**
 * Copies every file under `from` that `to` does not have yet (files are never changed in place: a key is
 * written once, through a temporary file and a rename). Answers the count and bytes copied.
 */
async function copyNewFiles(from: string, to: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  const visit = async (relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(from, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) await visit(name);
      else if (entry.isFile() && !isTransient(entry.name)) {
        const target = path.join(to, name);
        if (fs.existsSync(target)) continue;
        await fsp.mkdir(path.dirname(target), { recursive: true });
        try {
          await fsp.copyFile(path.join(from, name), target, fs.constants.COPYFILE_FICLONE);
        } catch (error) {
          // Deleted since it was listed (a replaced or removed file): nothing refers to it any more.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        count++;
        bytes += (await fsp.stat(target)).size;
      }
    }
  };
  await visit('');
  return { count, bytes };
}

/**
 * A consistent copy of the live database: the backup API copies every page in one step (one read transaction,
 * which the server's writers do not wait for in WAL mode), so a write in the middle cannot restart it.
 */
async function backUpDatabase(sqlitePath: string, target: string): Promise<void> {
  if (!fs.existsSync(sqlitePath)) throw new BackupError(`There is no database at ${sqlitePath} (DATA_DIR).`);
  const source = new SQLite(sqlitePath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  // The copy carries the live database's WAL mode; a backup is one self-contained file, in rollback mode (the
  // server puts it back into WAL mode when it opens a restored one).
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** `PRAGMA integrity_check` of a database file; throws unless it says ok. */
export function assertIntegrity(file: string): void {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = database.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`${file} failed its integrity check: ${String(result)}`);
  } finally {
    database.close();
  }
}

/**
 * Makes a backup into `folder` (which must not exist yet). Files first, then the database, then the files
 * written meanwhile: every file the database copy refers to was written before it (a card points at a file
 * only once it is stored), so it is in the copy unless it was also deleted before the second pass.
 */
export async function writeBackup(
  config: Pick<AppConfig, 'databaseUrl' | 'sqlitePath' | 'storageDir' | 'dataDir' | 'authSecret' | 's3'>,
  folder: string,
  at: Date,
): Promise<BackupManifest> {
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back a PostgreSQL deployment up with pg_dump and the bucket (README, "Operations").',
    );
  }
  await fsp.mkdir(folder, { recursive: false });
  const storageCopy = path.join(folder, 'storage');
  const first = config.s3 ? null : await copyNewFiles(config.storageDir, storageCopy);
  const databaseCopy = path.join(folder, 'winc.db');
  await backUpDatabase(config.sqlitePath, databaseCopy);
  const second = config.s3 ? null : await copyNewFiles(config.storageDir, storageCopy);
  assertIntegrity(databaseCopy);
  const authSecret = path.join(config.dataDir, AUTH_SECRET_FILE);
  const withSecret = !config.authSecret && fs.existsSync(authSecret);
  if (withSecret) {
    await fsp.copyFile(authSecret, path.join(folder, AUTH_SECRET_FILE));
    await fsp.chmod(path.join(folder, AUTH_SECRET_FILE), 0o600);
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: at.toISOString(),
    database: { file: 'winc.db', bytes: (await fsp.stat(databaseCopy)).size, integrity: 'ok' },
    files: config.s3
      ? { location: 's3-bucket', bucket: config.s3.bucket }
      : {
          location: 'storage/',
          count: first!.count + second!.count,
          bytes: first!.bytes + second!.bytes,
        },
    authSecret: withSecret,
  };
  await fsp.writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Every file under `folder`, as slash-separated paths relative to it. */
export async function filesUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (relative: string) => {
    for (const entry of await fsp.readdir(path.join(folder, relative), { withFileTypes: true })) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await visit(name);
      else if (entry.isFile()) found.push(name);
    }
  };
  await visit('');
  return found.sort();
}

/** A scratch folder for a backup on its way to or from a bucket. */
export async function scratchFolder(): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), 'winc-backup-'));
}
