import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';

/** GET /api/health — the process is up and its database answers. */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await database.ping();
      return { status: 'ok', database: database.dialect };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', database: database.dialect });
    }
  });
}
