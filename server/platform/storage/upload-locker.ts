import crypto from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { MemoryLocker } from '@tus/server';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import { defaultMessage } from '../http/app-error.ts';
import type { Notifications } from '../db/notifications.ts';
import { openSessionConnection, type SessionConnection } from '../db/session-connection.ts';

/** The topic on which an instance waiting for an upload's lock asks its holder to let go (key: upload id). */
export const UPLOAD_RELEASE_REQUESTED = 'upload-release';

/** How long a request waits for another instance's request to let go of the upload before 423. */
const ACQUIRE_TIMEOUT_MS = 10_000;
const RETRY_EVERY_MS = 50;

/**
 * An answer in tus's error shape (the tus server sends it as is), in our `{code, message}` body. tus 1.0 has no
 * status for "another request is writing this upload"; 423 Locked is what tus servers answer (tusd), and our
 * upload client retries it like any temporary failure.
 */
const uploadLocked = {
  status_code: 423,
  body: JSON.stringify({
    code: 'service-unavailable',
    message: 'This upload is being written by another request. Please try again in a moment.',
  }),
};
const locksUnavailable = {
  status_code: 503,
  body: JSON.stringify({ code: 'service-unavailable', message: defaultMessage('service-unavailable') }),
};

export interface UploadLocker extends Locker {
  close(): Promise<void>;
}

/** A 64-bit advisory lock key per upload id (a collision only makes two uploads wait for each other). */
function advisoryKey(uploadId: string): string {
  return crypto.createHash('sha256').update(`tus-upload:${uploadId}`).digest().readBigInt64BE(0).toString();
}

/**
 * The lock that keeps two requests from writing one upload at once (tus: PATCH, HEAD, DELETE take it). On
 * SQLite the server is the only instance and tus's in-memory locker is all it needs. On PostgreSQL any
 * instance may get any request of an upload, so the lock is also a session advisory lock on a connection this
 * process keeps for it: held until the request lets go, and by PostgreSQL released the moment the process
 * dies (its connection closes), so a killed instance never leaves an upload locked.
 *
 * Within the process, tus's MemoryLocker still orders the requests (and asks the holder to let go, as tus
 * does). Across instances, a request that finds the upload locked publishes a release request: the holder's
 * tus server stops reading its body within its drain time (3 s), stores what it got, and lets go; the waiting
 * request then takes the lock and finds the new offset (a client that sent the same bytes gets 409). One that
 * still cannot get it after ACQUIRE_TIMEOUT_MS is answered 423. If the lock connection drops, every holder
 * is asked to let go at once (its lock went with the connection).
 */
export async function createUploadLocker(options: {
  databaseUrl: string | undefined;
  notifications: Pick<Notifications, 'publish' | 'subscribe'>;
  log: FastifyBaseLogger;
}): Promise<UploadLocker> {
  const memory = new MemoryLocker();
  if (!options.databaseUrl) return Object.assign(memory, { close: async () => {} });

  /** The release callbacks of the uploads this process holds in PostgreSQL, by upload id. */
  const held = new Map<string, RequestRelease>();
  const connection: SessionConnection = await openSessionConnection({
    databaseUrl: options.databaseUrl,
    name: 'winc upload locks',
    log: options.log,
    onLost() {
      const releases = [...held.values()];
      held.clear();
      for (const release of releases) void release();
    },
  });
  const unsubscribe = options.notifications.subscribe(UPLOAD_RELEASE_REQUESTED, (uploadId) => {
    if (uploadId !== null) void held.get(uploadId)?.();
  });

  async function tryLock(key: string): Promise<boolean> {
    try {
      const { rows } = await connection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1::bigint) as locked',
        [key],
      );
      return rows[0]?.locked === true;
    } catch (error) {
      options.log.warn({ err: error }, 'upload locks: the lock could not be asked for');
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers a thrown { status_code, body } as it is
      throw locksUnavailable;
    }
  }

  async function acquire(uploadId: string, signal: AbortSignal, release: RequestRelease): Promise<void> {
    const key = advisoryKey(uploadId);
    const deadline = performance.now() + ACQUIRE_TIMEOUT_MS;
    let asked = false;
    for (;;) {
      if (await tryLock(key)) {
        held.set(uploadId, release);
        return;
      }
      if (!asked) {
        options.notifications.publish(UPLOAD_RELEASE_REQUESTED, uploadId);
        asked = true;
      }
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers a thrown { status_code, body } as it is
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers a thrown { status_code, body } as it is
      if (performance.now() >= deadline) throw uploadLocked;
      await delay(RETRY_EVERY_MS);
    }
  }

  async function releaseShared(uploadId: string): Promise<void> {
    // Not held any more when the connection dropped meanwhile: PostgreSQL already let go.
    if (!held.delete(uploadId)) return;
    try {
      await connection.query('select pg_advisory_unlock($1::bigint)', [advisoryKey(uploadId)]);
    } catch (error) {
      // The connection went down: the lock went with it.
      options.log.warn({ err: error }, 'upload locks: could not let go of a lock');
    }
  }

  return {
    newLock(uploadId: string): Lock {
      const local = memory.newLock(uploadId);
      return {
        async lock(signal, release) {
          await local.lock(signal, release);
          try {
            await acquire(uploadId, signal, release);
          } catch (error) {
            await local.unlock();
            throw error;
          }
        },
        async unlock() {
          try {
            await releaseShared(uploadId);
          } finally {
            await local.unlock();
          }
        },
      };
    },
    async close() {
      unsubscribe();
      await connection.close();
    },
  };
}
