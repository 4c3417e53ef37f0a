import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appInfoSchema, type AppInfo } from '../../../shared/app-info/app-info.contract.ts';
import type { MailboxService } from '../mailbox/mailbox.service.ts';
import { appInfoApi } from '../../../shared/api-paths.ts';

/** GET /api/config — the few server facts the browser adapts to: the local mailbox, the AI providers. */
export function registerAppInfoRoutes(
  app: FastifyInstance,
  deps: { mailMode: 'smtp' | 'outbox'; mailbox: MailboxService; aiProviders: AppInfo['aiProviders'] },
): void {
  const schema = { response: { 200: appInfoSchema } };
  app.withTypeProvider<ZodTypeProvider>().get(appInfoApi.get, { schema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return {
      mailMode: deps.mailMode,
      localMailbox: deps.mailbox.isAvailableTo({ ip: request.ip, host: request.host }),
      aiProviders: deps.aiProviders,
    };
  });
}
