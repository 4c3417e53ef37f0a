import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../platform/db/database.ts';
import type { TestDatabase } from '../testing/databases.ts';
import { createScratchPostgresDatabase, freePort } from '../testing/postgres.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../testing/round-robin-proxy.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { startTestS3, type TestS3 } from '../testing/test-s3.ts';

/**
 * Several server processes on one PostgreSQL database and one S3-compatible store, behind HAProxy (round robin,
 * nothing sticky): what "any request can go to any instance" is tested and measured on. Each instance has a
 * DATA_DIR of its own, so nothing an instance keeps on its disk can make it work.
 */

export interface Cluster {
  /** The proxy's address: PUBLIC_ORIGIN of every instance. */
  url: string;
  testDatabase: TestDatabase;
  s3: TestS3;
  /** The running instances by name ('a', 'b', …), as X-Served-By names them. */
  instances: Map<string, ServerProcess>;
  stop(): Promise<void>;
}

export async function startCluster(options: {
  instances: number;
  env?: Record<string, string>;
  /** Runs on the migrated database before the servers start (a catalog to make cards from). */
  prepare?: (testDatabase: TestDatabase) => Promise<void>;
}): Promise<Cluster> {
  const scratch = await createScratchPostgresDatabase();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-cluster-'));
  const database = openDatabase({ databaseUrl: scratch.url });
  await migrateToLatest(database);
  const testDatabase: TestDatabase = {
    dialect: 'postgres',
    database,
    databaseUrl: scratch.url,
    dataDir: root,
  };
  await options.prepare?.(testDatabase);
  const s3 = await startTestS3();

  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const names = Array.from({ length: options.instances }, (_, i) => String.fromCharCode(97 + i));
  const ports = await Promise.all(names.map(() => freePort()));
  // What every instance must share (README, "Running several instances").
  const shared = {
    AUTH_SECRET: crypto.randomBytes(36).toString('base64url'),
    PUBLIC_ORIGIN: url,
    TRUST_PROXY: '127.0.0.1',
    ...s3.env,
    ...options.env,
  };
  const instances = new Map<string, ServerProcess>();
  let proxy: RoundRobinProxy | undefined;
  const stop = async () => {
    await proxy?.close();
    await Promise.all([...instances.values()].map((instance) => instance.kill9()));
    await s3.stop();
    await database.destroy();
    await scratch.drop();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const started = await Promise.all(
      names.map((name, i) => {
        const dataDir = path.join(root, name);
        fs.mkdirSync(dataDir);
        return startServerProcess({
          port: ports[i]!,
          dataDir,
          databaseUrl: scratch.url,
          env: shared,
          timeoutMs: 120_000,
        });
      }),
    );
    names.forEach((name, i) => instances.set(name, started[i]!));
    proxy = await startRoundRobinProxy(
      proxyPort,
      names.map((name, i) => ({ name, port: ports[i]! })),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, testDatabase, s3, instances, stop };
}

/** The instance whose upload-lock connection holds an advisory lock now (found by its process id). */
export async function lockHolder(cluster: Cluster): Promise<string | null> {
  const { rows } = await sql<{ applicationName: string }>`
    select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted and a.datname = current_database()`.execute(
    cluster.testDatabase.database.db,
  );
  for (const row of rows) {
    for (const [name, instance] of cluster.instances) {
      if (row.applicationName.endsWith(`(pid ${instance.pid})`)) return name;
    }
  }
  return null;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request whose body is sent in `pieces` parts `everyMs` apart, as a slow connection sends an upload (with
 * its Content-Length, as a browser does). Rejects when the connection is cut.
 */
export function slowRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body: Buffer; pieces: number; everyMs: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method, headers: { ...init.headers, 'content-length': String(init.body.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    const size = Math.ceil(init.body.length / init.pieces);
    let offset = 0;
    const next = () => {
      if (request.destroyed) return;
      const piece = init.body.subarray(offset, offset + size);
      offset += piece.length;
      if (offset >= init.body.length) request.end(piece);
      else {
        request.write(piece);
        setTimeout(next, init.everyMs);
      }
    };
    next();
  });
}

/** A Server-Sent Events stream read in the background: everything received so far, and a wait for more. */
export async function openEventStream(
  url: string,
  cookie: string,
): Promise<{
  servedBy: string | null;
  text(): string;
  waitFor(needle: string, ms: number): Promise<number>;
  close(): void;
}> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200) throw new Error(`event stream: ${response.status} ${await response.text()}`);
  let received = '';
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    try {
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
        for (const waiter of waiters) waiter();
      }
    } catch {
      // Closed.
    }
  })();
  return {
    servedBy: response.headers.get('x-served-by'),
    text: () => received,
    /** Resolves with the time it took once `needle` has arrived; rejects after `ms`. */
    waitFor(needle, ms) {
      const startedAt = performance.now();
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!received.includes(needle)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(performance.now() - startedAt);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${needle} within ${ms} ms; the stream had:\n${received}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

export const sha256 = (bytes: Buffer | Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
