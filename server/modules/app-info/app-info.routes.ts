import type { FastifyInstance } from 'fastify';
import { appInfoSchema, type AppInfo } from '../../../shared/app-info/app-info.contract.ts';
import type { MailboxService } from '../mailbox/mailbox.service.ts';
import { appInfoApi } from '../../../shared/api-paths.ts';

/** GET /api/config — the few server facts the browser adapts to: the local mailbox, the AI providers. */
export function registerAppInfoRoutes(
  app: FastifyInstance,
  deps: { mailMode: 'smtp' | 'outbox'; mailbox: MailboxService; aiProviders: AppInfo['aiProviders'] },
): void {
  app.get(appInfoApi.get, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return appInfoSchema.parse({
      mailMode: deps.mailMode,
      localMailbox: deps.mailbox.isAvailableTo(request.ip),
      aiProviders: deps.aiProviders,
    });
  });
}
