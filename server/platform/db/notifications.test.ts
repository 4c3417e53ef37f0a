import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchPostgresDatabase,
  postgresAvailable,
  type ScratchPostgresDatabase,
} from '../../testing/postgres.ts';
import {
  createDatabaseNotifications,
  createProcessNotifications,
  type Notifications,
} from './notifications.ts';

const log = Fastify({ logger: false }).log;

/** Resolves with the next key `notifications` tells about `topic`, or rejects after `ms`. */
function nextKey(notifications: Notifications, topic: string, ms = 3000): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`nothing heard on ${topic} within ${ms} ms`));
    }, ms);
    const unsubscribe = notifications.subscribe(topic, (key) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(key);
    });
  });
}

describe('notifications within one process (SQLite: one instance)', () => {
  it('tells the listeners of a topic at once, and no others', () => {
    const notifications = createProcessNotifications(log);
    const heard: (string | null)[] = [];
    notifications.subscribe('credits', (key) => heard.push(key));
    notifications.subscribe('catalog', () => heard.push('catalog'));
    notifications.publish('credits', 'user-1');
    expect(heard).toEqual(['user-1']);
  });
});

describe.skipIf(!postgresAvailable())('notifications between instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let scratch: ScratchPostgresDatabase;
  let one: Notifications;
  let other: Notifications;

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    one = await createDatabaseNotifications({ databaseUrl: scratch.url, log });
    other = await createDatabaseNotifications({ databaseUrl: scratch.url, log });
  });
  afterAll(async () => {
    await one?.close();
    await other?.close();
    await scratch?.drop();
  });

  it("tells another instance's listeners, and this process's at once and only once", async () => {
    const mine: (string | null)[] = [];
    const unsubscribe = one.subscribe('credits', (key) => mine.push(key));
    const theirs = nextKey(other, 'credits');
    one.publish('credits', 'user with spaces');
    expect(mine).toEqual(['user with spaces']);
    expect(await theirs).toBe('user with spaces');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mine).toEqual(['user with spaces']);
    unsubscribe();
  });

  it('listens again after its connection is cut, telling its listeners they may have missed some', async () => {
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    const missed = nextKey(other, 'credits', 10_000);
    // Both instances' listening connections are cut: PostgreSQL restarting, a network cut.
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name like 'winc notifications%' and datname = current_database()`,
    );
    await admin.end();
    expect(rowCount).toBe(2);
    expect(await missed).toBeNull();

    let heard: Promise<string | null> = Promise.resolve(null);
    // Until the publisher's own connection is back too, what it publishes is lost (the listeners' polling
    // catches up); once both are back, notifications flow again.
    for (let tries = 0; tries < 50; tries++) {
      heard = nextKey(other, 'credits', 300);
      one.publish('credits', 'after the cut');
      if (
        await heard.then(
          () => true,
          () => false,
        )
      )
        break;
    }
    expect(await heard).toBe('after the cut');
  });
});
