import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mailboxListSchema, mailboxMailSchema } from '../../../shared/mailbox/mailbox.contract.ts';
import { parseInput } from '../../platform/http/app-error.ts';
import type { MailboxService } from './mailbox.service.ts';
import { mailboxApi } from '../../../shared/api-paths.ts';

const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * The mail's own document gets its own, stricter CSP: no scripts, no requests, only the inline styles a mail
 * is made of, and framing by our own mailbox page only.
 */
const MAIL_FRAME_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** The local mailbox (only in outbox mode; see mailbox.policy.ts). Never cached: it changes with every mail. */
export function registerMailboxRoutes(app: FastifyInstance, mailbox: MailboxService): void {
  app.get(mailboxApi.list, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return mailboxListSchema.parse(await mailbox.listMails(request.ip));
  });

  app.get(`${mailboxApi.list}/:id`, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    reply.header('Cache-Control', 'no-store');
    return mailboxMailSchema.parse(await mailbox.readMail(id, request.ip));
  });

  app.get(`${mailboxApi.list}/:id/html`, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const html = await mailbox.readMailHtml(id, request.ip);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', MAIL_FRAME_CSP)
      .header('X-Frame-Options', 'SAMEORIGIN')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
