import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { helpRequestCreatedSchema, helpRequestInputSchema } from '../../../shared/help/help.contract.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { HelpService } from './help.service.ts';
import { helpApi } from '../../../shared/api-paths.ts';

/** POST /api/help-requests — the Help Center form, from guests and signed-in users alike. */
export function registerHelpRoutes(
  app: FastifyInstance,
  deps: { help: HelpService; currentUser: CurrentUserResolver },
): void {
  const schema = { body: helpRequestInputSchema, response: { 201: helpRequestCreatedSchema } };
  app.withTypeProvider<ZodTypeProvider>().post(helpApi.createRequest, { schema }, async (request, reply) => {
    const user = await deps.currentUser.optional(request, reply);
    const created = await deps.help.submitRequest(request.body, { ip: request.ip, userId: user?.id ?? null });
    return reply.status(201).send(created);
  });
}
