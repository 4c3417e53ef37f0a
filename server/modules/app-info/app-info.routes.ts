import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appInfoSchema, type AppInfo } from '../../../shared/app-info/app-info.contract.ts';
import type { MailboxVisitor } from '../mailbox/mailbox.policy.ts';
import { appInfoApi } from '../../../shared/api-paths.ts';

/** GET /api/config — the few server facts the browser adapts to: the local mailbox, the AI providers. */
export function registerAppInfoRoutes(
  app: FastifyInstance,
  deps: { infoFor: (visitor: MailboxVisitor) => AppInfo },
): void {
  const schema = { response: { 200: appInfoSchema } };
  app.withTypeProvider<ZodTypeProvider>().get(appInfoApi.get, { schema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return deps.infoFor({ ip: request.ip, host: request.host });
  });
}
