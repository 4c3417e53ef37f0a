import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogApi } from '../../../shared/api-paths.ts';
import { templateImageVariants } from '../../../shared/catalog/catalog.contract.ts';
import { LANGUAGES } from '../../../shared/i18n/languages.ts';
import { textSchema } from '../../../shared/text/names.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { TemplateImageService } from './template-image.service.ts';

const params = z.object({ id: textSchema({ max: 200 }).min(1), variant: z.enum(templateImageVariants) });
const query = z.object({ v: textSchema({ max: 64 }).optional(), lang: z.enum(LANGUAGES).optional() });

/** GET /media/templates/:id/:variant?lang= — ETag revalidation, and forever-caching of versioned URLs. */
export function registerTemplateImageRoutes(
  app: FastifyInstance,
  images: TemplateImageService,
  storage: FileStorage,
): void {
  const schema = { params, querystring: query };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(catalogApi.templateImage.route, { schema }, async (request, reply) => {
      const { id, variant } = request.params;
      const { v, lang } = request.query;
      const image = await images.getImage(id, variant, lang);
      reply
        .header('ETag', image.etag)
        .header(
          'Cache-Control',
          v === image.version
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300, must-revalidate',
        );
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      reply.type(image.contentType);
      return Buffer.isBuffer(image.body) ? image.body : storage.openRead(image.body.storageKey);
    });
}
