import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Route schemas are the shared zod contracts: Fastify validates params, query and body with them before a
 * handler runs (a failure is answered `validation-failed` by the error handler) and serializes answers through
 * the response schema, which drops any field the contract does not name. A request without a body is checked
 * as an empty object, so a body of optional fields may be left out.
 */
export function useContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === 'body' ? (data: unknown) => validate(data ?? {}) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);
}
