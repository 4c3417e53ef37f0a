import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { AppConfig } from '../config.ts';
import { assertIntegrity, BackupError, MANIFEST_FILE, type BackupManifest } from './backup.ts';

/**
 * Whether a process has the SQLite database open: in WAL mode every connection keeps a shared lock on the
 * file while it is open, so an exclusive lock is refused (at once: no busy wait) while a server runs on it.
 */
export function databaseInUse(sqlitePath: string): boolean {
  if (!fs.existsSync(sqlitePath)) return false;
  const probe = new SQLite(sqlitePath, { fileMustExist: true });
  try {
    probe.pragma('busy_timeout = 0');
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    probe.close();
  }
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${folder} is not a finished backup: it has no readable ${MANIFEST_FILE}.`);
  }
  if (manifest.format !== 1)
    throw new BackupError(`${folder}: unknown backup format ${String(manifest.format)}.`);
  return manifest;
}

/**
 * Brings the backup in `folder` back into DATA_DIR: the database, the files of storage/ and the auth secret.
 * Refused while a server runs on DATA_DIR. What DATA_DIR held before is moved into `before-restore-{time}/`
 * beside it, never deleted (the image cache, re-creatable, is dropped). Answers that folder, if anything moved.
 */
export async function restoreBackup(
  config: Pick<
    AppConfig,
    'databaseUrl' | 'sqlitePath' | 'storageDir' | 'cacheDir' | 'dataDir' | 'authSecret'
  >,
  folder: string,
  at: Date,
): Promise<{ manifest: BackupManifest; movedAside: string | null }> {
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: restore a PostgreSQL deployment with pg_restore (README, "Operations").',
    );
  }
  const manifest = await readManifest(folder);
  const databaseCopy = path.join(folder, 'winc.db');
  assertIntegrity(databaseCopy);
  if (databaseInUse(config.sqlitePath)) {
    throw new BackupError(
      `A server is running on ${config.dataDir}: stop it first (restore never overwrites a running server's data).`,
    );
  }

  await fsp.mkdir(config.dataDir, { recursive: true });
  const aside = path.join(config.dataDir, `before-restore-${at.toISOString().replace(/[:.]/g, '-')}`);
  let moved = false;
  const current = [
    config.sqlitePath,
    `${config.sqlitePath}-wal`,
    `${config.sqlitePath}-shm`,
    config.storageDir,
    path.join(config.dataDir, 'auth-secret'),
  ];
  for (const file of current) {
    if (!fs.existsSync(file)) continue;
    await fsp.mkdir(aside, { recursive: true });
    await fsp.rename(file, path.join(aside, path.basename(file)));
    moved = true;
  }
  await fsp.rm(config.cacheDir, { recursive: true, force: true });

  await fsp.copyFile(databaseCopy, config.sqlitePath);
  if (manifest.files.location === 'storage/' && fs.existsSync(path.join(folder, 'storage'))) {
    await fsp.cp(path.join(folder, 'storage'), config.storageDir, { recursive: true });
  }
  if (manifest.authSecret && !config.authSecret) {
    const secret = path.join(config.dataDir, 'auth-secret');
    await fsp.copyFile(path.join(folder, 'auth-secret'), secret);
    await fsp.chmod(secret, 0o600);
  }
  return { manifest, movedAside: moved ? aside : null };
}
