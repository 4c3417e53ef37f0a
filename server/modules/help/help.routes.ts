import type { FastifyInstance } from 'fastify';
import { helpRequestCreatedSchema, helpRequestInputSchema } from '../../../shared/help/help.contract.ts';
import { parseInput } from '../../platform/http/app-error.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { HelpService } from './help.service.ts';
import { helpApi } from '../../../shared/api-paths.ts';

/** POST /api/help-requests — the Help Center form, from guests and signed-in users alike. */
export function registerHelpRoutes(
  app: FastifyInstance,
  deps: { help: HelpService; currentUser: CurrentUserResolver },
): void {
  app.post(helpApi.createRequest, async (request, reply) => {
    const input = parseInput(helpRequestInputSchema, request.body);
    const user = await deps.currentUser.optional(request, reply);
    const created = await deps.help.submitRequest(input, { ip: request.ip, userId: user?.id ?? null });
    return reply.status(201).send(helpRequestCreatedSchema.parse(created));
  });
}
