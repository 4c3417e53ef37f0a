import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardMediaApi, cardsApi } from '../../../shared/api-paths.ts';
import { cardSchema } from '../../../shared/cards/cards.contract.ts';
import {
  buyPremiumInTestMode,
  seedFixtureCatalog,
  signUpOverHttp,
  unpaidCards,
  type HttpSender,
} from '../../chaos/chaos-fixture.ts';
import { CARD_UNLOCK_REASON } from '../../modules/cards/card-unlock.repository.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import type { TestDatabase } from '../../testing/databases.ts';
import { fakeVoice } from '../../testing/media-fixture.ts';
import { freePort } from '../../testing/postgres.ts';
import { SERVER_BUNDLE } from '../../testing/production-build.ts';
import { startServerProcess, type ServerProcess } from '../../testing/server-process.ts';
import { startTestS3 } from '../../testing/test-s3.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';

const run = promisify(execFile);
const BUNDLE_DIR = path.dirname(SERVER_BUNDLE);

/** `node dist/server/{command}.js …` on `dataDir`, as `npm run backup` / `npm run restore` run it. */
function command(
  name: 'backup-command' | 'restore-command',
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
) {
  return run(process.execPath, [path.join(BUNDLE_DIR, `${name}.js`), ...args], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
  });
}

/**
 * A backup of a running SQLite server taken while cards are being created and unlocked over HTTP, restored
 * into a fresh data folder and served again: every write answered before the backup began is there, the
 * database is whole and the ledger adds up.
 */
describe('backup and restore of a running SQLite server', () => {
  let root: string;
  let dataDir: string;
  let restoredDir: string;
  let backupsDir: string;
  let testDatabase: TestDatabase;
  let server: ServerProcess | undefined;
  let restored: ServerProcess | undefined;
  let sender: HttpSender;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-backup-test-'));
    dataDir = path.join(root, 'data');
    restoredDir = path.join(root, 'restored');
    backupsDir = path.join(root, 'backups');
    fs.mkdirSync(dataDir);
    const database = openDatabase({ sqlitePath: path.join(dataDir, 'winc.db') });
    await migrateToLatest(database);
    testDatabase = { dialect: 'sqlite', database, databaseUrl: '', dataDir };
    await seedFixtureCatalog(testDatabase);
    server = await startServerProcess({ port: await freePort(), dataDir });
    sender = await signUpOverHttp(() => server!.baseUrl, testDatabase);
    await buyPremiumInTestMode(sender, 2);
  });
  afterAll(async () => {
    await server?.kill9();
    await restored?.kill9();
    await testDatabase?.database.destroy();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps every write acknowledged before it began, whole, with a ledger that adds up', async () => {
    const base = server!.baseUrl;
    const send = (method: string, url: string, body?: BodyInit, type = 'application/json') =>
      fetch(`${base}${url}`, {
        method,
        headers: { cookie: sender.cookie, origin: base, 'content-type': type },
        ...(body === undefined ? {} : { body }),
      });
    // A card with a voice message: its file must come back with it.
    const withFile = cardSchema.parse(await (await sender.post(cardsApi.create, cardDraft)).json());
    const voice = fakeVoice(4000);
    const uploaded = await send(
      'PUT',
      cardMediaApi.media(withFile.id, 'audio'),
      voice,
      'application/octet-stream',
    );
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const audioUrl = cardSchema.parse(await uploaded.json()).audioUrl!;
    const toUnlock = await unpaidCards(sender, testDatabase, 120);

    // Writers: unlocks and new cards, one after the other, until told to stop; each acknowledgement is timed.
    const acknowledged: { kind: 'unlock' | 'create'; id: string; at: number }[] = [];
    let stop = false;
    const unlocking = (async () => {
      for (const id of toUnlock) {
        if (stop) break;
        const response = await sender.post(cardsApi.unlock(id));
        if (response.status === 200) acknowledged.push({ kind: 'unlock', id, at: Date.now() });
      }
    })();
    const creating = (async () => {
      while (!stop) {
        const response = await sender.post(cardsApi.create, cardDraft);
        if (response.status !== 201) break; // the hourly creation limit
        acknowledged.push({ kind: 'create', id: cardSchema.parse(await response.json()).id, at: Date.now() });
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));

    const began = Date.now();
    const backup = await command('backup-command', dataDir, ['--to', backupsDir]);
    const ended = Date.now();
    stop = true;
    await Promise.all([unlocking, creating]);
    const before = acknowledged.filter((write) => write.at <= began);
    const during = acknowledged.filter((write) => write.at > began && write.at <= ended);
    expect(before.length).toBeGreaterThanOrEqual(20);
    const { backup: folder } = JSON.parse(backup.stdout) as { backup: string };
    expect(fs.readdirSync(backupsDir)).toEqual([path.basename(folder)]);

    // Restoring onto the running server's data is refused, and changes nothing.
    const refused = await command('restore-command', dataDir, [folder]).catch(
      (error: { stderr: string }) => error,
    );
    expect(refused.stderr).toMatch(/A server is running on/);
    expect(server!.exitStatus()).toBeNull();

    // A mistyped command line answers its usage, and neither command starts.
    const mistyped = await command('backup-command', dataDir, ['--too', backupsDir]).catch(
      (error: { stderr: string }) => error,
    );
    expect(mistyped.stderr).toMatch(/Unknown option '--too'[\s\S]*Usage: npm run backup/);
    const unnamed = await command('restore-command', restoredDir, []).catch(
      (error: { stderr: string }) => error,
    );
    expect(unnamed.stderr).toMatch(/Name the backup to restore: npm run restore/);

    await command('restore-command', restoredDir, [folder]);
    const file = path.join(restoredDir, 'winc.db');
    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const cardIds = new Set(
        (copy.prepare('select id from cards').all() as { id: string }[]).map((r) => r.id),
      );
      const paid = new Set(
        (copy.prepare('select id from cards where is_paid = 1').all() as { id: string }[]).map((r) => r.id),
      );
      for (const write of before) {
        expect(cardIds.has(write.id), `${write.kind} ${write.id}`).toBe(true);
        if (write.kind === 'unlock') expect(paid.has(write.id), `unlock ${write.id}`).toBe(true);
      }
      const user = copy.prepare('select credits from users where id = ?').get(sender.userId) as {
        credits: number;
      };
      const ledger = copy
        .prepare('select delta, reason, reference from credit_ledger where user_id = ?')
        .all(sender.userId) as { delta: number; reason: string; reference: string | null }[];
      expect(user.credits).toBe(ledger.reduce((sum, row) => sum + row.delta, 0));
      const unlockRows = ledger.filter((row) => row.reason === CARD_UNLOCK_REASON);
      expect(new Set(unlockRows.map((row) => row.reference)).size).toBe(unlockRows.length);
      expect(new Set(unlockRows.map((row) => row.reference))).toEqual(paid);
      console.info(
        `[backup] ${before.length} writes acknowledged before the backup, ${during.length} during it ` +
          `(${ended - began} ms); restored: ${cardIds.size} cards, ${paid.size} paid, ledger ${user.credits} credits`,
      );
    } finally {
      copy.close();
    }

    // A server on the restored folder serves the sender (same auth secret) their card and its voice message.
    restored = await startServerProcess({ port: await freePort(), dataDir: restoredDir });
    const card = await fetch(`${restored.baseUrl}${cardsApi.card(withFile.id)}`, {
      headers: { cookie: sender.cookie },
    });
    expect(card.status, await card.clone().text()).toBe(200);
    const audio = await fetch(`${restored.baseUrl}${audioUrl}`, { headers: { cookie: sender.cookie } });
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).equals(voice)).toBe(true);
    const ready = await fetch(`${restored.baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
  });
});

describe('backup of a SQLite deployment whose files are in an S3 bucket', () => {
  it('puts the database into the bucket under backups/, and restores it from there', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-backup-s3-'));
    const s3 = await startTestS3();
    try {
      const dataDir = path.join(root, 'data');
      const database = openDatabase({ sqlitePath: path.join(dataDir, 'winc.db') });
      await migrateToLatest(database);
      await seedFixtureCatalog({ dialect: 'sqlite', database, databaseUrl: '', dataDir });
      await database.destroy();

      const { stdout } = await command('backup-command', dataDir, ['--to', 's3'], s3.env);
      const { backup } = JSON.parse(stdout) as { backup: string };
      const name = path.basename(backup);
      expect(await s3.keys()).toEqual([`backups/${name}/manifest.json`, `backups/${name}/winc.db`]);

      const restoredDir = path.join(root, 'restored');
      await command('restore-command', restoredDir, [`s3:${name}`], s3.env);
      const copy = new SQLite(path.join(restoredDir, 'winc.db'), { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(
          (copy.prepare('select count(*) as n from templates').get() as { n: number }).n,
        ).toBeGreaterThan(0);
      } finally {
        copy.close();
      }
    } finally {
      await s3.stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
