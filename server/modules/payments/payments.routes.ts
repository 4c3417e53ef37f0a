import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { PaymentsService } from './payments.service.ts';
import { paymentsApi } from '../../../shared/api-paths.ts';
import {
  completeTestCheckoutResponseSchema,
  createCheckoutRequestSchema,
  createCheckoutResponseSchema,
  paymentOptionsSchema,
  testCheckoutOrderSchema,
} from '../../../shared/payments/payments.contract.ts';
import { textSchema } from '../../../shared/text/names.ts';

const orderParams = z.object({ orderId: textSchema({ max: 100 }).min(1) });
/** Orders and balances are the caller's own: never stored by a shared cache. */
const privateAnswer = { 'Cache-Control': 'private, no-store' };
/** Stripe's events are small; a megabyte is far more than any of them. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Where the browser will come back to after Stripe Checkout: the configured origin, else the request's. */
const originOf = (request: FastifyRequest, publicOrigin: string | undefined) =>
  publicOrigin ?? `${request.protocol}://${request.host}`;

/** Plans and payments (DESIGN §1.10): options, checkout, the test-mode checkout and Stripe's webhook. */
export async function registerPaymentsRoutes(
  app: FastifyInstance,
  deps: { payments: PaymentsService; currentUser: CurrentUserResolver; publicOrigin: string | undefined },
): Promise<void> {
  const { payments, currentUser, publicOrigin } = deps;

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(paymentsApi.options, { schema: { response: { 200: paymentOptionsSchema } } }, async () =>
    payments.options(),
  );

  /** SPEC §7 createStripeCheckout: signed-in users only (asked before the body is checked); answers its URL. */
  const checkout = {
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      await currentUser.require(request, reply);
    },
    schema: { body: createCheckoutRequestSchema, response: { 200: createCheckoutResponseSchema } },
  };
  routes.post(paymentsApi.checkout, checkout, async (request, reply) => {
    const user = await currentUser.require(request, reply);
    const answer = await payments.openCheckout(user.id, request.body, originOf(request, publicOrigin));
    return reply.headers(privateAnswer).send(answer);
  });

  const orderSchema = { params: orderParams, response: { 200: testCheckoutOrderSchema } };
  routes.get(paymentsApi.testCheckout.route, { schema: orderSchema }, async (request, reply) => {
    const user = await currentUser.require(request, reply);
    const order = await payments.getTestOrder(user.id, request.params.orderId);
    return reply.headers(privateAnswer).send(order);
  });

  const completeSchema = { params: orderParams, response: { 200: completeTestCheckoutResponseSchema } };
  routes.post(paymentsApi.completeTestCheckout.route, { schema: completeSchema }, async (request, reply) => {
    const user = await currentUser.require(request, reply);
    const result = await payments.completeTestOrder(user.id, request.params.orderId);
    return reply.headers(privateAnswer).send(result);
  });

  // Stripe signs the exact bytes it sends, so this route keeps the body as a Buffer (its own parser, in its
  // own scope). It carries no Origin header, which the origin check lets through on purpose: the signature
  // is what authenticates it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(paymentsApi.stripeWebhook, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await payments.handleStripeWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
      return { received: true };
    });
  });
}
