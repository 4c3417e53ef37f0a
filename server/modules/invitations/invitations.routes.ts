import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardsApi } from '../../../shared/api-paths.ts';
import type { InvitationsService } from './invitations.service.ts';

const idParams = z.object({ id: z.string() });

/**
 * A download named after the event: the title's letters and digits (any script), as RFC 6266 puts a UTF-8
 * name, with an ASCII fallback.
 */
export function attachmentNamed(title: string, extension: string): string {
  const words = title.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const name = `${words === '' ? 'invitation' : words.slice(0, 60)}.${extension}`;
  return `attachment; filename="invitation.${extension}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** An invitation from its guests' side: the event as a calendar file. */
export function registerInvitationsRoutes(
  fastify: FastifyInstance,
  deps: { invitations: InvitationsService },
): void {
  const { invitations } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(cardsApi.invitationCalendar.route, { schema: { params: idParams } }, async (request, reply) => {
    const { title, calendar } = await invitations.calendarFile(request.params.id);
    return reply
      .headers({
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': attachmentNamed(title, 'ics'),
        // The event changes when the host edits it; the link is the only key to it.
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex, nofollow',
      })
      .send(calendar);
  });
}
