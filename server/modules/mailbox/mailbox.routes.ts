import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailboxListSchema, mailboxMailSchema } from '../../../shared/mailbox/mailbox.contract.ts';
import { textSchema } from '../../../shared/text/names.ts';
import type { MailboxService } from './mailbox.service.ts';
import { mailboxApi } from '../../../shared/api-paths.ts';

const idParams = z.object({ id: textSchema({ max: 100 }).min(1) });

/**
 * The mail's own document gets its own, stricter CSP: no scripts, no requests, only the inline styles a mail
 * is made of, and framing by our own mailbox page only.
 */
const MAIL_FRAME_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** The local mailbox (only in outbox mode; see mailbox.policy.ts). Never cached: it changes with every mail. */
export function registerMailboxRoutes(fastify: FastifyInstance, mailbox: MailboxService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(mailboxApi.list, { schema: { response: { 200: mailboxListSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return mailbox.listMails({ ip: request.ip, host: request.host });
  });

  const mailSchema = { params: idParams, response: { 200: mailboxMailSchema } };
  app.get(mailboxApi.mail.route, { schema: mailSchema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return mailbox.readMail(request.params.id, { ip: request.ip, host: request.host });
  });

  app.get(mailboxApi.mailHtml.route, { schema: { params: idParams } }, async (request, reply) => {
    const html = await mailbox.readMailHtml(request.params.id, { ip: request.ip, host: request.host });
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', MAIL_FRAME_CSP)
      .header('X-Frame-Options', 'SAMEORIGIN')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
