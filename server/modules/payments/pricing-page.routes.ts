import type { FastifyInstance } from 'fastify';
import type { AppInfo } from '../../../shared/app-info/app-info.contract.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { visitorLanguage, type PageDocuments } from '../../platform/http/page-document.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * `/pricing`, rendered by the server (docs/decisions/0042-first-screens.md) with what its first screen shows
 * beside the plans and the session does not decide: how this server takes payments (its test-mode or
 * unavailable note sits above the plans) and the AI its plans offer. Without them in the page, the note and the
 * plans' AI lines would arrive after the app had taken the page over, and push the plans down.
 */
export function registerPricingPageRoute(
  app: FastifyInstance,
  deps: { payments: PaymentsService; pages: PageDocuments; aiProviders: AppInfo['aiProviders'] },
): void {
  app.get('/pricing', async (request, reply) => {
    const html = await deps.pages.render({
      page: 'other',
      url: request.url,
      language: visitorLanguage(request),
      data: { pricing: { paymentOptions: deps.payments.options(), aiProviders: deps.aiProviders } },
    });
    if (html === null) throw new AppError('not-found');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
