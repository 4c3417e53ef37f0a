import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsApi } from '../../../shared/api-paths.ts';
import { authProvidersResponseSchema } from '../../../shared/accounts/accounts.contract.ts';
import type { AccountsService } from './accounts.service.ts';

/** Public facts about signing in on this server. */
export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService): void {
  const schema = { response: { 200: authProvidersResponseSchema } };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(accountsApi.authProviders, { schema }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return accounts.authProviders();
    });
}
