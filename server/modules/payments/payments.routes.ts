import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../platform/http/app-error.ts';
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

const orderParams = z.object({ orderId: z.string().min(1).max(100) });
/** Orders and balances are the caller's own: never stored by a shared cache. */
const privateAnswer = { 'Cache-Control': 'private, no-store' };
/** Stripe's events are small; a megabyte is far more than any of them. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** A contract path as a route pattern (the contract's builders would encode the `:` of a parameter). */
const routeOf = (build: (orderId: string) => string) => build('ORDER_ID').replace('ORDER_ID', ':orderId');

/** Where the browser will come back to after Stripe Checkout: the configured origin, else the request's. */
const originOf = (request: FastifyRequest, publicOrigin: string | undefined) =>
  publicOrigin ?? `${request.protocol}://${request.host}`;

/** Plans and payments (DESIGN §1.10): options, checkout, the test-mode checkout and Stripe's webhook. */
export async function registerPaymentsRoutes(
  app: FastifyInstance,
  deps: { payments: PaymentsService; currentUser: CurrentUserResolver; publicOrigin: string | undefined },
): Promise<void> {
  const { payments, currentUser, publicOrigin } = deps;

  app.get(paymentsApi.options, async () => paymentOptionsSchema.parse(payments.options()));

  /** SPEC §7 createStripeCheckout: signed-in users only; answers the URL the browser goes to. */
  app.post(paymentsApi.checkout, async (request, reply) => {
    const user = await currentUser.require(request, reply);
    const input = parseInput(createCheckoutRequestSchema, request.body ?? {});
    const answer = await payments.openCheckout(user.id, input, originOf(request, publicOrigin));
    return reply.headers(privateAnswer).send(createCheckoutResponseSchema.parse(answer));
  });

  app.get(routeOf(paymentsApi.testCheckout), async (request, reply) => {
    const { orderId } = parseInput(orderParams, request.params);
    const user = await currentUser.require(request, reply);
    const order = await payments.getTestOrder(user.id, orderId);
    return reply.headers(privateAnswer).send(testCheckoutOrderSchema.parse(order));
  });

  app.post(routeOf(paymentsApi.completeTestCheckout), async (request, reply) => {
    const { orderId } = parseInput(orderParams, request.params);
    const user = await currentUser.require(request, reply);
    const result = await payments.completeTestOrder(user.id, orderId);
    return reply.headers(privateAnswer).send(completeTestCheckoutResponseSchema.parse(result));
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
