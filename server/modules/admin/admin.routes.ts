import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminCatalogSchema,
  adminCategorySchema,
  adminEventSchema,
  adminStyleSchema,
  adminTemplateSchema,
  ARTWORK_ACCEPTED_TYPES,
  ARTWORK_MAX_BYTES,
  catalogChangesSchema,
  catalogImportResultSchema,
  categoryInputSchema,
  categoryRanksInputSchema,
  deleteOutcomeSchema,
  eventInputSchema,
  styleInputSchema,
  templateInputSchema,
  usageSchema,
} from '../../../shared/admin/admin.contract.ts';
import { AppError, parseInput } from '../../platform/http/app-error.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { AdminPolicy } from './admin.policy.ts';
import type { Admin, AdminService } from './admin.service.ts';

/** Every admin route lives under this prefix, and every one of them is behind the admin check. */
export const ADMIN_API_PREFIX = '/api/admin';

const idParams = z.object({ id: z.string().trim().min(1).max(200) });
/** `merge` adds and updates; `replace` also removes (or hides, when used) what the archive lacks. */
const importQuery = z.object({ mode: z.enum(['merge', 'replace']).default('merge') });

export interface AdminRoutesDeps {
  admin: AdminService;
  currentUser: CurrentUserResolver;
  policy: AdminPolicy;
}

/**
 * The catalog admin API. One hook, before the body is read, lets only admins in: anyone else (signed out, a
 * normal account, an unverified account with an admin's address) gets the 404 of an unknown path, so the
 * API does not tell that it exists.
 */
export async function registerAdminRoutes(app: FastifyInstance, deps: AdminRoutesDeps): Promise<void> {
  const { admin, currentUser, policy } = deps;

  /** The calling admin (the session is read once per request, however often this is asked). */
  async function adminOf(request: FastifyRequest, reply: FastifyReply): Promise<Admin> {
    const user = await currentUser.optional(request, reply);
    if (!user || !policy.isAdmin(user)) throw new AppError('not-found');
    return { id: user.id, email: user.email };
  }

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        await adminOf(request, reply);
      });
      // Artwork arrives as the raw file; its type is decided by its content, not by this header.
      scope.addContentTypeParser(
        [...ARTWORK_ACCEPTED_TYPES, 'application/octet-stream'],
        { parseAs: 'buffer', bodyLimit: ARTWORK_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );

      scope.get('/catalog', async () => adminCatalogSchema.parse(await admin.getCatalog()));

      scope.post('/templates', async (request, reply) => {
        const input = parseInput(templateInputSchema, request.body);
        const created = await admin.createTemplate(await adminOf(request, reply), input);
        return reply.code(201).send(adminTemplateSchema.parse(created));
      });
      scope.put('/templates/:id', async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        const input = parseInput(templateInputSchema, request.body);
        return adminTemplateSchema.parse(
          await admin.updateTemplate(await adminOf(request, reply), id, input),
        );
      });
      scope.put('/templates/:id/artwork', { bodyLimit: ARTWORK_MAX_BYTES }, async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('not-an-image');
        const updated = await admin.setTemplateArtwork(await adminOf(request, reply), id, request.body);
        return adminTemplateSchema.parse(updated);
      });
      scope.delete('/templates/:id', async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        return deleteOutcomeSchema.parse(await admin.deleteTemplate(await adminOf(request, reply), id));
      });

      scope.post('/categories', async (request, reply) => {
        const input = parseInput(categoryInputSchema, request.body);
        const created = await admin.createCategory(await adminOf(request, reply), input);
        return reply.code(201).send(adminCategorySchema.parse(created));
      });
      scope.put('/categories/ranks', async (request, reply) => {
        const { ranks } = parseInput(categoryRanksInputSchema, request.body);
        await admin.rankCategories(await adminOf(request, reply), ranks);
        return reply.code(204).send();
      });
      scope.put('/categories/:id', async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        const input = parseInput(categoryInputSchema, request.body);
        return adminCategorySchema.parse(
          await admin.updateCategory(await adminOf(request, reply), id, input),
        );
      });
      scope.delete('/categories/:id', async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        return deleteOutcomeSchema.parse(await admin.deleteCategory(await adminOf(request, reply), id));
      });

      scope.post('/styles', async (request, reply) => {
        const input = parseInput(styleInputSchema, request.body);
        const created = await admin.createStyle(await adminOf(request, reply), input);
        return reply.code(201).send(adminStyleSchema.parse(created));
      });
      scope.put('/styles/:id', async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        const input = parseInput(styleInputSchema, request.body);
        return adminStyleSchema.parse(await admin.updateStyle(await adminOf(request, reply), id, input));
      });
      scope.delete('/styles/:id', async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        return deleteOutcomeSchema.parse(await admin.deleteStyle(await adminOf(request, reply), id));
      });

      scope.post('/events', async (request, reply) => {
        const input = parseInput(eventInputSchema, request.body);
        const created = await admin.createEvent(await adminOf(request, reply), input);
        return reply.code(201).send(adminEventSchema.parse(created));
      });
      scope.put('/events/:id', async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        const input = parseInput(eventInputSchema, request.body);
        return adminEventSchema.parse(await admin.updateEvent(await adminOf(request, reply), id, input));
      });
      scope.delete('/events/:id', async (request, reply) => {
        const { id } = parseInput(idParams, request.params);
        return deleteOutcomeSchema.parse(await admin.deleteEvent(await adminOf(request, reply), id));
      });

      // The archive arrives as a stream and is read as it comes (catalog-archive.ts bounds what it may hold).
      scope.addContentTypeParser('application/zip', (_request, payload, done) => done(null, payload));
      scope.get('/archive', async (_request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('application/zip')
          .header('Content-Disposition', `attachment; filename="winc-catalog-${day}.zip"`)
          .send(await admin.exportArchive());
      });
      scope.post('/archive', async (request, reply) => {
        const { mode } = parseInput(importQuery, request.query);
        if (!(request.body instanceof Readable)) throw new AppError('invalid-archive');
        const counts = await admin.importArchive(await adminOf(request, reply), request.body, mode);
        return catalogImportResultSchema.parse(counts);
      });

      scope.get('/usage', async () => usageSchema.parse(await admin.getUsage()));
      scope.get('/changes', async () => catalogChangesSchema.parse(await admin.listChanges()));
    },
    { prefix: ADMIN_API_PREFIX },
  );
}
