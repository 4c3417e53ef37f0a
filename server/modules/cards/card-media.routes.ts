import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardMediaApi } from '../../../shared/api-paths.ts';
import { cardSchema } from '../../../shared/cards/cards.contract.ts';
import { sendStoredFile } from '../../platform/http/stored-file-reply.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { CardMediaService } from './card-media.service.ts';

const mediaParams = z.object({ id: z.string(), kind: z.string() });
const fileParams = z.object({ id: z.string(), kind: z.string(), file: z.string() });
const privateAnswer = { 'Cache-Control': 'private, no-store' };

function announcedLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  return header && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * A card's media over HTTP: the simple upload (PUT the raw file), removal, and reading with byte ranges
 * (video players seek). The resumable uploads are in card-uploads.routes.ts.
 */
export async function registerCardMediaRoutes(
  fastify: FastifyInstance,
  deps: { media: CardMediaService; actors: CardActorResolver; storage: FileStorage },
): Promise<void> {
  const { media, actors, storage } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The body is the file, of any declared type (the content is checked, not the header), and is read by the
  // service only after the owner and the announced size have been checked.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const route = scope.withTypeProvider<ZodTypeProvider>();
    const schema = { params: mediaParams, response: { 200: cardSchema } };
    route.put(cardMediaApi.media.route, { schema }, async (request, reply) => {
      const { id, kind } = request.params;
      const actor = await actors.of(request, reply);
      try {
        const card = await media.uploadInOneRequest(actor, id, kind, request.raw, announcedLength(request));
        return reply.headers(privateAnswer).send(card);
      } catch (error) {
        // A refused body is not read to its end: closing the connection stops the client sending it.
        if (!request.raw.complete) reply.header('Connection', 'close');
        throw error;
      }
    });
  });

  app.delete(
    cardMediaApi.media.route,
    { schema: { params: mediaParams, response: { 200: cardSchema } } },
    async (request, reply) => {
      const { id, kind } = request.params;
      const card = await media.removeMedia(await actors.of(request, reply), id, kind);
      return reply.headers(privateAnswer).send(card);
    },
  );

  // Names are unique per stored file, so a file never changes under its URL; it is private to the browser
  // because an unpaid card's files are its owner's only.
  const fileRoute = { compress: false as const, schema: { params: fileParams } };
  app.get(cardMediaApi.file.route, fileRoute, async (request, reply: FastifyReply) => {
    const { id, kind, file } = request.params;
    const found = await media.findMediaFile(await actors.of(request, reply), id, kind, file);
    return sendStoredFile(request, reply, storage, {
      key: found.key,
      size: found.size,
      type: found.type,
      etag: file,
      cacheControl: 'private, max-age=31536000, immutable',
    });
  });
}
