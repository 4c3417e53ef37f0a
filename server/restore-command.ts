import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './platform/config.ts';
import { runBackupCommand } from './platform/backup/command.ts';
import { BACKUP_S3_PREFIX, BackupError, MANIFEST_FILE, scratchFolder } from './platform/backup/backup.ts';
import { readManifest, restoreBackup } from './platform/backup/restore.ts';

/**
 * `npm run restore -- <backup>`: brings a backup made by `npm run backup` back into DATA_DIR, whose server
 * must be stopped. `<backup>` is a backup folder, or `s3:winc-backup-{time}` for one in the configured bucket.
 */
const USAGE = 'npm run restore -- <folder | s3:NAME>';

runBackupCommand({ usage: USAGE, args: { allowPositionals: true } }, async ({ positionals }) => {
  const source = positionals[0];
  if (!source) throw new BackupError(`Name the backup to restore: ${USAGE}`);
  const config = loadConfig();

  let folder = source;
  let scratch: string | null = null;
  if (source.startsWith('s3:')) {
    if (!config.s3) throw new BackupError('An s3: backup needs the S3_* settings of its bucket.');
    const name = source
      .slice(3)
      .replace(/^backups\//, '')
      .replace(/\/+$/, '');
    scratch = await scratchFolder();
    folder = path.join(scratch, name);
    await fsp.mkdir(folder);
    const { S3Storage } = await import('./platform/storage/s3-storage.ts');
    const bucket = new S3Storage(config.s3);
    const download = async (file: string) => {
      const target = path.join(folder, file);
      await fsp.writeFile(target, await bucket.openRead(`${BACKUP_S3_PREFIX}${name}/${file}`));
    };
    await download(MANIFEST_FILE);
    const manifest = await readManifest(folder);
    await download('winc.db');
    if (manifest.authSecret) await download('auth-secret');
    bucket.destroy();
  } else if (!fs.existsSync(folder)) {
    throw new BackupError(`There is no backup at ${folder}.`);
  }
  try {
    const { manifest, movedAside } = await restoreBackup(config, folder, new Date());
    console.log(JSON.stringify({ restored: source, into: config.dataDir, movedAside, backup: manifest }));
  } finally {
    if (scratch) await fsp.rm(scratch, { recursive: true, force: true });
  }
});
