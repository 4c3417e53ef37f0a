import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { ShutdownState } from '../../platform/http/graceful-shutdown.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { healthApi } from '../../../shared/api-paths.ts';

/** A dependency that does not answer within this long counts as down: a proxy's check must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = 'ok' | 'unavailable';

async function check(name: string, probe: () => Promise<void>, log: FastifyInstance['log']) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok' satisfies CheckResult;
  } catch (error) {
    log.warn({ err: error }, `readiness: ${name} unavailable`);
    return 'unavailable' satisfies CheckResult;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health — liveness: the process answers. It asks nothing of the database or the storage, so an
 * orchestrator never restarts a healthy process because PostgreSQL is down (a restart would not bring it back).
 *
 * GET /api/ready — readiness, for the proxy in front of several instances: 200 while the database answers and
 * the file storage takes writes; 503 when either does not, and 503 from the moment the process begins to stop,
 * so the proxy sends new requests elsewhere before this instance closes its connections.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { database: Database; storage: Pick<FileStorage, 'probe'>; shutdown: ShutdownState },
): void {
  const { database, storage, shutdown } = deps;

  app.get(healthApi.health, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get(healthApi.ready, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (shutdown.begun) return reply.status(503).send({ status: 'stopping' });
    const [databaseState, storageState] = await Promise.all([
      check('database', () => database.ping(), request.log),
      check('storage', () => storage.probe(), request.log),
    ]);
    const ready = databaseState === 'ok' && storageState === 'ok';
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', database: databaseState, storage: storageState });
  });
}
