import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminApi } from '../../../shared/api-paths.ts';
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
import { LANGUAGES } from '../../../shared/i18n/languages.ts';
import { textSchema } from '../../../shared/text/names.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { AdminPolicy } from './admin.policy.ts';
import type { Admin, AdminService } from './admin.service.ts';

const idParams = z.object({ id: textSchema({ max: 200 }).min(1) });
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

  await app.register(async (scope) => {
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

    const route = scope.withTypeProvider<ZodTypeProvider>();
    const created = <B extends z.ZodType, S extends z.ZodType>(body: B, answer: S) => ({
      body,
      response: { 201: answer },
    });
    const changed = <B extends z.ZodType, S extends z.ZodType>(body: B, answer: S) => ({
      params: idParams,
      body,
      response: { 200: answer },
    });
    const deleted = { params: idParams, response: { 200: deleteOutcomeSchema } };

    route.get(adminApi.catalog, { schema: { response: { 200: adminCatalogSchema } } }, async () =>
      admin.getCatalog(),
    );

    route.post(
      adminApi.templates,
      { schema: created(templateInputSchema, adminTemplateSchema) },
      async (request, reply) => {
        const template = await admin.createTemplate(await adminOf(request, reply), request.body);
        return reply.code(201).send(template);
      },
    );
    route.put(
      adminApi.template.route,
      { schema: changed(templateInputSchema, adminTemplateSchema) },
      async (request, reply) =>
        admin.updateTemplate(await adminOf(request, reply), request.params.id, request.body),
    );
    route.put(
      adminApi.templateArtwork.route,
      { bodyLimit: ARTWORK_MAX_BYTES, schema: { params: idParams, response: { 200: adminTemplateSchema } } },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('not-an-image');
        return admin.setTemplateArtwork(await adminOf(request, reply), request.params.id, request.body);
      },
    );
    const languageParams = idParams.extend({ language: z.enum(LANGUAGES) });
    route.put(
      adminApi.templateLanguageArtwork.route,
      {
        bodyLimit: ARTWORK_MAX_BYTES,
        schema: { params: languageParams, response: { 200: adminTemplateSchema } },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('not-an-image');
        const { id, language } = request.params;
        return admin.setTemplateLanguageArtwork(await adminOf(request, reply), id, language, request.body);
      },
    );
    route.delete(
      adminApi.templateLanguageArtwork.route,
      { schema: { params: languageParams, response: { 200: adminTemplateSchema } } },
      async (request, reply) => {
        const { id, language } = request.params;
        return admin.removeTemplateLanguageArtwork(await adminOf(request, reply), id, language);
      },
    );
    route.delete(adminApi.template.route, { schema: deleted }, async (request, reply) =>
      admin.deleteTemplate(await adminOf(request, reply), request.params.id),
    );

    route.post(
      adminApi.categories,
      { schema: created(categoryInputSchema, adminCategorySchema) },
      async (request, reply) => {
        const category = await admin.createCategory(await adminOf(request, reply), request.body);
        return reply.code(201).send(category);
      },
    );
    route.put(
      adminApi.categoryRanks,
      { schema: { body: categoryRanksInputSchema } },
      async (request, reply) => {
        await admin.rankCategories(await adminOf(request, reply), request.body.ranks);
        return reply.code(204).send();
      },
    );
    route.put(
      adminApi.category.route,
      { schema: changed(categoryInputSchema, adminCategorySchema) },
      async (request, reply) =>
        admin.updateCategory(await adminOf(request, reply), request.params.id, request.body),
    );
    route.delete(adminApi.category.route, { schema: deleted }, async (request, reply) =>
      admin.deleteCategory(await adminOf(request, reply), request.params.id),
    );

    route.post(
      adminApi.styles,
      { schema: created(styleInputSchema, adminStyleSchema) },
      async (request, reply) => {
        const style = await admin.createStyle(await adminOf(request, reply), request.body);
        return reply.code(201).send(style);
      },
    );
    route.put(
      adminApi.style.route,
      { schema: changed(styleInputSchema, adminStyleSchema) },
      async (request, reply) =>
        admin.updateStyle(await adminOf(request, reply), request.params.id, request.body),
    );
    route.delete(adminApi.style.route, { schema: deleted }, async (request, reply) =>
      admin.deleteStyle(await adminOf(request, reply), request.params.id),
    );

    route.post(
      adminApi.events,
      { schema: created(eventInputSchema, adminEventSchema) },
      async (request, reply) => {
        const event = await admin.createEvent(await adminOf(request, reply), request.body);
        return reply.code(201).send(event);
      },
    );
    route.put(
      adminApi.event.route,
      { schema: changed(eventInputSchema, adminEventSchema) },
      async (request, reply) =>
        admin.updateEvent(await adminOf(request, reply), request.params.id, request.body),
    );
    route.delete(adminApi.event.route, { schema: deleted }, async (request, reply) =>
      admin.deleteEvent(await adminOf(request, reply), request.params.id),
    );

    // The archive arrives as a stream and is read as it comes (catalog-archive.ts bounds what it may hold).
    scope.addContentTypeParser('application/zip', (_request, payload, done) => done(null, payload));
    route.get(adminApi.archive, async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="winc-catalog-${day}.zip"`)
        .send(await admin.exportArchive());
    });
    route.post(
      adminApi.archive,
      { schema: { querystring: importQuery, response: { 200: catalogImportResultSchema } } },
      async (request, reply) => {
        if (!(request.body instanceof Readable)) throw new AppError('invalid-archive');
        return admin.importArchive(await adminOf(request, reply), request.body, request.query.mode);
      },
    );

    route.get(adminApi.usage, { schema: { response: { 200: usageSchema } } }, async () => admin.getUsage());
    route.get(adminApi.changes, { schema: { response: { 200: catalogChangesSchema } } }, async () =>
      admin.listChanges(),
    );
  });
}
