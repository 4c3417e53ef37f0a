import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationsApi, linkPreviewApi } from '../../../shared/api-paths.ts';
import type { PageDocuments } from '../../platform/http/page-document.ts';
import { askedLanguage, sendImage, sendPage, sharePage } from '../cards/share-page.routes.ts';
import type { GuestPreviews } from './guest-previews.service.ts';

const tokenParams = z.object({ token: z.string() });
const imageParams = z.object({ token: z.string(), file: z.string().regex(/^[\w-]{16}\.jpg$/) });

/**
 * A guest's own link (DESIGN §1.20): `/i/{token}` answered with the recipient page's HTML already carrying the
 * guest's preview (crawlers run no script), the guest's invitation requested with the page, and the preview
 * image naming them beside it. The page itself marks nothing: the link counts as opened when the app asks
 * for the invitation.
 */
export function registerGuestPageRoutes(
  fastify: FastifyInstance,
  deps: { previews: GuestPreviews; pages: PageDocuments; origin: string },
): void {
  const { previews, pages, origin } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(linkPreviewApi.guestPage.route, { schema: { params: tokenParams } }, async (request, reply) => {
    const { token } = request.params;
    const { meta, status } = await previews.page(token, askedLanguage(request));
    const page = await sharePage(pages, {
      meta,
      pageUrl: `${origin}${linkPreviewApi.guestPage(token)}`,
      answerPath: invitationsApi.invitation(token),
      data: meta.coverUrl ? { guestInvitation: { token, coverUrl: meta.coverUrl } } : undefined,
    });
    return sendPage(reply, page, status);
  });

  // Named by what they show: a changed invitation or guest gets a new name, so an image may be cached for good.
  const image = { compress: false as const, schema: { params: imageParams } };
  app.get(linkPreviewApi.guest.route, image, async (request, reply) => {
    const { token, file } = request.params;
    const drawn = await previews.image(token, file.slice(0, -'.jpg'.length));
    return sendImage(reply, drawn, 'public, max-age=31536000, immutable');
  });
}
