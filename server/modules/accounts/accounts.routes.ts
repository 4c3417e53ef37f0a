import type { FastifyInstance } from 'fastify';
import { authProvidersResponseSchema } from '../../../shared/accounts/accounts.contract.ts';
import type { AccountsService } from './accounts.service.ts';

/** Public facts about signing in on this server. */
export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService): void {
  app.get('/api/auth-providers', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return authProvidersResponseSchema.parse(accounts.authProviders());
  });
}
