import type { FastifyInstance } from 'fastify';
import { SESSION_APP_PAGES, type SessionAppPath } from '../../../shared/pages/page-code.ts';
import { visitorLanguage, type PageDocuments } from '../../platform/http/page-document.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { SessionPagesService } from './session-pages.service.ts';

/** A page holding one person's data: never stored, by the browser's cache or any shared one on the way. */
const PRIVATE_PAGE = 'private, no-store';

/**
 * The pages that need the session (`SESSION_APP_PAGES`). Signed in, each comes with what its first screen
 * shows in its data and its own code named beside the app's, so that its script asks the API for none of it
 * (and the server renders its first screen from it where `rendered` says so). Not signed in, the request goes
 * on to the app's page as any other (`web-app.ts`), which sends the visitor to sign in.
 */
export function registerSessionPageRoutes(
  app: FastifyInstance,
  deps: {
    sessionPages: SessionPagesService;
    currentUser: Pick<CurrentUserResolver, 'optional'>;
    actors: Pick<CardActorResolver, 'of'>;
    pages: PageDocuments;
  },
): void {
  const { sessionPages, currentUser, actors, pages } = deps;
  for (const path of Object.keys(SESSION_APP_PAGES) as SessionAppPath[]) {
    app.get(path, async (request, reply) => {
      const user = await currentUser.optional(request, reply);
      if (!user) return reply.callNotFound();
      const data = await sessionPages.firstScreen(path, {
        user,
        actor: await actors.of(request, reply),
        from: { ip: request.ip, host: request.host },
        query: request.query as Record<string, unknown>,
      });
      const html = await pages.render({
        page: 'other',
        url: request.url,
        language: visitorLanguage(request),
        sessionPage: SESSION_APP_PAGES[path],
        data,
      });
      if (html === null) return reply.callNotFound();
      return reply.header('Cache-Control', PRIVATE_PAGE).type('text/html; charset=utf-8').send(html);
    });
  }
}
