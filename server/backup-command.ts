import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './platform/config.ts';
import { runBackupCommand } from './platform/backup/command.ts';
import {
  BACKUP_S3_PREFIX,
  backupName,
  BackupError,
  filesUnder,
  MANIFEST_FILE,
  scratchFolder,
  writeBackup,
} from './platform/backup/backup.ts';

/**
 * `npm run backup -- [--to DIR | --to s3]`: an online backup of a SQLite deployment while its server runs
 * (docs/decisions/0023-operations.md), into DIR/winc-backup-{time}/ (default ./backups), or with `--to s3`
 * into the configured bucket under backups/winc-backup-{time}/. Reads the server's environment (DATA_DIR, S3_*).
 */
runBackupCommand(
  { usage: 'npm run backup -- [--to DIR | --to s3]', args: { options: { to: { type: 'string' } } } },
  async ({ values }) => {
    // `npm run backup --to x` (without `--`) hands the option to npm, which passes it on as npm_config_to.
    const to = values.to ?? process.env.npm_config_to ?? './backups';
    const config = loadConfig();
    const at = new Date();
    const name = backupName(at);

    if (to !== 's3') {
      await fsp.mkdir(to, { recursive: true });
      // Written under a temporary name and renamed once whole, so a half-written backup never looks finished.
      const partial = path.join(to, `${name}.partial`);
      const manifest = await writeBackup(config, partial, at);
      const folder = path.resolve(to, name);
      await fsp.rename(partial, folder);
      console.log(JSON.stringify({ backup: folder, ...manifest }));
      return;
    }

    if (!config.s3) throw new BackupError('--to s3 needs the S3_* settings of the bucket the app uses.');
    const folder = path.join(await scratchFolder(), name);
    try {
      const manifest = await writeBackup(config, folder, at);
      const { S3Storage } = await import('./platform/storage/s3-storage.ts');
      const bucket = new S3Storage(config.s3);
      const prefix = `${BACKUP_S3_PREFIX}${name}/`;
      // The manifest goes last: a prefix without it is not a finished backup.
      const files = (await filesUnder(folder)).filter((file) => file !== MANIFEST_FILE);
      for (const file of [...files, MANIFEST_FILE]) {
        await bucket.writeStream(`${prefix}${file}`, fs.createReadStream(path.join(folder, file)));
      }
      bucket.destroy();
      console.log(JSON.stringify({ backup: `s3://${config.s3.bucket}/${prefix}`, ...manifest }));
    } finally {
      await fsp.rm(path.dirname(folder), { recursive: true, force: true });
    }
  },
);
