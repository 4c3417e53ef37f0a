import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppConfig } from './platform/config.ts';
import { escapeUndecodablePath, MAX_PARAM_LENGTH } from './platform/http/request-url.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { scheduleHousekeeping } from './platform/jobs/housekeeping.ts';
import { loggerOptions } from './platform/logger.ts';
import { createPlatform, type PlatformOptions } from './platform/platform.ts';
import { createAccountsModule } from './modules/accounts/accounts.module.ts';
import { createAdminModule } from './modules/admin/admin.module.ts';
import { createAiModule } from './modules/ai/ai.module.ts';
import { aiProvidersOf, createAppInfoModule } from './modules/app-info/app-info.module.ts';
import { createCardsModule } from './modules/cards/cards.module.ts';
import { createCatalogModule } from './modules/catalog/catalog.module.ts';
import { createDeliveryModule } from './modules/delivery/delivery.module.ts';
import { createCreditsModule } from './modules/credits/credits.module.ts';
import { createGuestSessionsModule } from './modules/guest-sessions/guest-sessions.module.ts';
import { createHealthModule } from './modules/health/health.module.ts';
import { createHelpModule } from './modules/help/help.module.ts';
import { createInvitationsModule } from './modules/invitations/invitations.module.ts';
import { createKeepsakesModule } from './modules/keepsakes/keepsakes.module.ts';
import { createMailboxModule } from './modules/mailbox/mailbox.module.ts';
import { createPaymentsModule } from './modules/payments/payments.module.ts';
import { createRepliesModule } from './modules/replies/replies.module.ts';
import { createSessionPagesModule } from './modules/session-pages/session-pages.module.ts';
import { createUsersModule } from './modules/users/users.module.ts';
import { createVoiceModule } from './modules/voice/voice.module.ts';

export interface AppOptions extends PlatformOptions {
  /** How long the AI provider may take before the built-in writer answers (SPEC §9: 70 s); tests shorten it. */
  aiTimeoutMs?: number;
  /** How often the catalog answers check for another instance's catalog change (2 s); tests shorten it. */
  catalogCheckIntervalMs?: number;
  /** Told every route as it is declared, with its schemas (a test checks every text input against them). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the whole server: the platform, then each module from the platform and the modules before it (each
 * builds its repositories, services and routes, DESIGN §3), then the housekeeping and the web app. Migrations
 * run and the demo catalog is seeded before it answers.
 */
export async function buildApp(config: AppConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Over-long and malformed ids reach their routes, which answer them like unknown ones.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    rewriteUrl: (request) => escapeUndecodablePath(request.url ?? '/'),
  });
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  const platform = await createPlatform(app, config, options);
  createHealthModule(platform);
  const catalog = createCatalogModule(platform, { checkIntervalMs: options.catalogCheckIntervalMs });
  const users = await createUsersModule(platform);
  const { currentUser } = users;
  const credits = createCreditsModule(platform, { currentUser });
  const guests = createGuestSessionsModule(platform, { currentUser });
  createAccountsModule(platform, {
    users: users.repository,
    credits: credits.credits,
    guestSessions: guests.guestSessions,
    guestCookie: guests.guestCookie,
  });
  const payments = await createPaymentsModule(platform, {
    credits: credits.repository,
    currentUser,
    users,
    aiProviders: aiProvidersOf(platform.config),
  });
  await createAdminModule(platform, { catalog: catalog.repository, currentUser });
  createHelpModule(platform, { currentUser });
  const voice = createVoiceModule(platform, { actors: guests.actors });
  createAiModule(platform, { actors: guests.actors, timeoutMs: options.aiTimeoutMs });
  const cards = await createCardsModule(platform, {
    catalog,
    credits,
    voice: voice.voice,
    users: users.repository,
    removeWithAccount: (remove) => users.removeWithAccount(remove),
    actors: guests.actors,
  });
  const invitations = createInvitationsModule(platform, {
    cards,
    credits,
    voice: voice.voice,
    users: users.repository,
    actors: guests.actors,
  });
  const replies = await createRepliesModule(platform, {
    cards,
    credits,
    guestLinks: invitations.guestLinks,
    users: users.repository,
    actors: guests.actors,
  });
  const delivery = createDeliveryModule(platform, {
    cards,
    credits,
    guests: invitations.deliveryGuests,
    actors: guests.actors,
  });
  delivery.addEventSource(replies.deliveryEvents);
  createKeepsakesModule(platform, { cards, catalog, actors: guests.actors });
  const { mailbox } = createMailboxModule(platform);
  const appInfo = createAppInfoModule(platform, { mailbox });
  createSessionPagesModule(platform, {
    users,
    actors: guests.actors,
    appInfo: appInfo.infoFor,
    cards,
    newReplies: replies.newCounts,
    paymentOptions: payments.options,
  });

  scheduleHousekeeping(platform, {
    abandonedDrafts: cards.removeAbandonedDrafts,
    // After the drafts: the clips of drafts just removed are unused now.
    unusedVoiceClips: voice.removeUnusedClips,
    oldUploads: cards.forgetOldUploads,
    oldReplyUploads: replies.forgetOldUploads,
  });
  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    pages: platform.pages,
    sessionCookieName: platform.accounts.sessions.sessionCookieName,
  });
  return app;
}
