import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { templateListQuerySchema } from '../../../shared/catalog/catalog.contract.ts';
import { parseInput } from '../../platform/http/app-error.ts';
import type { CatalogAnswers } from './catalog-answers.cache.ts';

const nameParams = z.object({ name: z.string().trim().min(1).max(200) });
const idParams = z.object({ id: z.string().trim().min(1).max(200) });

/**
 * Catalog reads. Answers are shared by everyone, so browsers may reuse them briefly; they come from the
 * answers cache, made and checked against the contract once per catalog change.
 */
export function registerCatalogRoutes(app: FastifyInstance, answers: CatalogAnswers): void {
  const cacheBriefly = { 'Cache-Control': 'public, max-age=30, stale-while-revalidate=300' };

  app.get('/api/catalog/home', async (request, reply) => {
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.home());
  });

  app.get('/api/catalog', async (request, reply) => {
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.lists());
  });

  app.get('/api/catalog/templates', async (request, reply) => {
    const query = parseInput(templateListQuerySchema, request.query);
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.templates(query));
  });

  app.get('/api/catalog/templates/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.template(id));
  });

  app.get('/api/catalog/categories/:name', async (request, reply) => {
    const { name } = parseInput(nameParams, request.params);
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.categoryPage(name));
  });

  app.get('/api/catalog/styles/:name', async (request, reply) => {
    const { name } = parseInput(nameParams, request.params);
    reply.headers(cacheBriefly);
    return answers.send(request, reply, await answers.stylePage(name));
  });
}
