import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardsApi } from '../../../shared/api-paths.ts';
import type { InvitationsService } from './invitations.service.ts';

const idParams = z.object({ id: z.string() });

/** A file name made of the title's letters and digits (any script), so a phone shows the event's name. */
function calendarFileName(title: string): string {
  const words = title.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return `${words === '' ? 'invitation' : words.slice(0, 60)}.ics`;
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
        // RFC 6266: an ASCII fallback, then the title in UTF-8.
        'Content-Disposition': `attachment; filename="invitation.ics"; filename*=UTF-8''${encodeURIComponent(
          calendarFileName(title),
        )}`,
        // The event changes when the host edits it; the link is the only key to it.
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex, nofollow',
      })
      .send(calendar);
  });
}
