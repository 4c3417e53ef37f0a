import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogApi } from '../../../shared/api-paths.ts';
import { templateListQuerySchema } from '../../../shared/catalog/catalog.contract.ts';
import { textSchema } from '../../../shared/text/names.ts';
import type { CatalogAnswers } from './catalog-answers.cache.ts';

const nameParams = z.object({ name: textSchema({ max: 200 }).min(1) });
const idParams = z.object({ id: textSchema({ max: 200 }).min(1) });

/**
 * Catalog reads. Answers are shared by everyone, so browsers may reuse them briefly; they come from the
 * answers cache, made and checked against the contract once per catalog change and sent as prepared JSON
 * (with its ETag and precompressed bodies), so these routes declare no response schema.
 */
export function registerCatalogRoutes(fastify: FastifyInstance, answers: CatalogAnswers): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cacheBriefly = { 'Cache-Control': 'public, max-age=30, stale-while-revalidate=300' };

  app.get(catalogApi.home, async (request, reply) => {
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.home());
  });

  app.get(catalogApi.lists, async (request, reply) => {
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.lists());
  });

  app.get(
    catalogApi.templates,
    { schema: { querystring: templateListQuerySchema } },
    async (request, reply) => {
      reply.headers(cacheBriefly);
      return answers.send(request, reply, await answers.templates(request.query));
    },
  );

  app.get(catalogApi.template.route, { schema: { params: idParams } }, async (request, reply) => {
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.template(request.params.id));
  });

  app.get(catalogApi.category.route, { schema: { params: nameParams } }, async (request, reply) => {
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.categoryPage(request.params.name));
  });

  app.get(catalogApi.style.route, { schema: { params: nameParams } }, async (request, reply) => {
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.stylePage(request.params.name));
  });
}
