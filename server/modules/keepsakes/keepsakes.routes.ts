import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keepsakesApi } from '../../../shared/api-paths.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { KeepsakePdf, KeepsakesService } from './keepsakes.service.ts';
import { paperSizeFor } from './paper-size.ts';

const idParams = z.object({ id: z.string() });

/** A download under the card's name: a plain ASCII `filename` for old clients, the real one (RFC 5987) too. */
export function pdfAttachment(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/gu, '')
    .replace(/[^A-Za-z0-9._-]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  return `attachment; filename="${ascii || 'winc'}.pdf"; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`;
}

function sendPdf(reply: FastifyReply, pdf: KeepsakePdf, cacheControl: string) {
  return reply
    .headers({
      'Content-Type': 'application/pdf',
      'Content-Disposition': pdfAttachment(pdf.fileName),
      'Cache-Control': cacheControl,
      'X-Robots-Tag': 'noindex, nofollow',
    })
    .send(pdf.body);
}

/**
 * The card's PDF (DESIGN §1.21): from its share link, by the link's rules and counting no view; and for its
 * owner from My WINCS. The paper is the requester's (Letter in the Americas' Letter countries, A5 elsewhere).
 */
export function registerKeepsakesRoutes(
  fastify: FastifyInstance,
  deps: { keepsakes: KeepsakesService; actors: CardActorResolver },
): void {
  const { keepsakes, actors } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(keepsakesApi.publicPdf.route, { schema: { params: idParams } }, async (request, reply) => {
    const paper = paperSizeFor(request.headers['accept-language']);
    const pdf = await keepsakes.sharedPdf(request.params.id, paper);
    return sendPdf(reply, pdf, 'no-store');
  });

  app.get(keepsakesApi.ownerPdf.route, { schema: { params: idParams } }, async (request, reply) => {
    const actor = await actors.of(request, reply);
    const paper = paperSizeFor(request.headers['accept-language']);
    const pdf = await keepsakes.ownerPdf(actor, request.params.id, paper);
    return sendPdf(reply, pdf, 'private, no-store');
  });
}
