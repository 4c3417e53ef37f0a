import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  catalogListsSchema,
  categoryPageSchema,
  homeResponseSchema,
  stylePageSchema,
  templateListQuerySchema,
  templatePageSchema,
  templateSummarySchema,
} from '../../../shared/catalog/catalog.contract.ts';
import { parseInput } from '../../platform/http/app-error.ts';
import type { CatalogService } from './catalog.service.ts';

const nameParams = z.object({ name: z.string().trim().min(1).max(200) });
const idParams = z.object({ id: z.string().trim().min(1).max(200) });

/** Catalog reads. Answers are shared by everyone, so browsers may reuse them briefly. */
export function registerCatalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  const cacheBriefly = { 'Cache-Control': 'public, max-age=30, stale-while-revalidate=300' };

  app.get('/api/catalog/home', async (_request, reply) => {
    reply.headers(cacheBriefly);
    return homeResponseSchema.parse(await catalog.getHome());
  });

  app.get('/api/catalog', async (_request, reply) => {
    reply.headers(cacheBriefly);
    return catalogListsSchema.parse(await catalog.getLists());
  });

  app.get('/api/catalog/templates', async (request, reply) => {
    const query = parseInput(templateListQuerySchema, request.query);
    reply.headers(cacheBriefly);
    return templatePageSchema.parse(await catalog.listTemplates(query));
  });

  app.get('/api/catalog/templates/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    reply.headers(cacheBriefly);
    return templateSummarySchema.parse(await catalog.getTemplate(id));
  });

  app.get('/api/catalog/categories/:name', async (request, reply) => {
    const { name } = parseInput(nameParams, request.params);
    reply.headers(cacheBriefly);
    return categoryPageSchema.parse(await catalog.getCategoryPage(name));
  });

  app.get('/api/catalog/styles/:name', async (request, reply) => {
    const { name } = parseInput(nameParams, request.params);
    reply.headers(cacheBriefly);
    return stylePageSchema.parse(await catalog.getStylePage(name));
  });
}
