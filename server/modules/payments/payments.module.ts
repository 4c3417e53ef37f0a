import type { AppInfo } from '../../../shared/app-info/app-info.contract.ts';
import type { Platform } from '../../platform/platform.ts';
import type { CreditsRepository } from '../credits/credits.repository.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { UsersModule } from '../users/users.module.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { registerPaymentsRoutes } from './payments.routes.ts';
import { registerPricingPageRoute } from './pricing-page.routes.ts';
import { createPaymentsService } from './payments.service.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/**
 * Buying plans (DESIGN §1.9–1.10): Stripe Checkout and its signed webhooks when configured, else the built-in
 * test-mode checkout where it is allowed. An account's Stripe subscriptions end before the account does.
 */
export async function createPaymentsModule(
  platform: Platform,
  deps: {
    credits: CreditsRepository;
    currentUser: CurrentUserResolver;
    users: Pick<UsersModule, 'beforeAccountDeleted'>;
    /** What the plans may promise (the pricing page shows it). */
    aiProviders: AppInfo['aiProviders'];
  },
) {
  const { app, config, database, rateLimiter, notifications, metrics, now, log, pages } = platform;
  if (!config.stripe) {
    log.warn(
      config.paymentsTestMode
        ? 'payments: Stripe is not configured; the built-in test-mode checkout grants credits for free'
        : 'payments: Stripe is not configured and test mode is off (PAYMENTS_TEST_MODE): no purchases',
    );
  }
  const payments = createPaymentsService({
    repository: createPaymentsRepository({ database, credits: deps.credits }),
    stripe: config.stripe ? await createStripeGateway(config.stripe) : null,
    testMode: config.paymentsTestMode,
    rateLimiter,
    now,
    log,
    notifications,
    metrics,
  });
  deps.users.beforeAccountDeleted((userId) => payments.endSubscriptionsOf(userId));
  await registerPaymentsRoutes(app, {
    payments,
    currentUser: deps.currentUser,
    publicOrigin: config.publicOrigin,
  });
  registerPricingPageRoute(app, { payments, pages, aiProviders: deps.aiProviders });
  return {
    /** How this server takes payments, as `GET /api/payments/options` answers. */
    options: () => payments.options(),
  };
}
