import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppConfig } from './platform/config.ts';
import { migrateToLatest, openDatabase } from './platform/db/database.ts';
import { createNotifications } from './platform/db/notifications.ts';
import { useContractSchemas } from './platform/http/contract-schemas.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import {
  createShutdownState,
  registerGracefulShutdown,
  type ShutdownState,
} from './platform/http/graceful-shutdown.ts';
import { createExclusiveRunner } from './platform/db/exclusive-runner.ts';
import { schedulePeriodicJob } from './platform/jobs/periodic-job.ts';
import {
  createMetrics,
  observeDatabasePool,
  observeSpeechPool,
  registerMetricsRoute,
  registerRequestMetrics,
} from './platform/metrics/metrics.ts';
import { registerOriginCheck } from './platform/http/origin-check.ts';
import { escapeUndecodablePath, MAX_PARAM_LENGTH } from './platform/http/request-url.ts';
import { createRateLimiter } from './platform/http/rate-limit.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { createPageDocuments } from './platform/http/page-document.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { loggerOptions } from './platform/logger.ts';
import { createMailOutboxRepository } from './platform/mail/mail-outbox.repository.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createFileStorage } from './platform/storage/create-file-storage.ts';
import { seedDemoCatalogIfEmpty } from './modules/catalog/catalog-seed.service.ts';
import { createCatalogAnswers } from './modules/catalog/catalog-answers.cache.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes.ts';
import { registerCatalogPageRoutes } from './modules/catalog/catalog-pages.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { registerTemplateImageRoutes } from './modules/catalog/template-image.routes.ts';
import { createTemplateImageService } from './modules/catalog/template-image.service.ts';
import { createAdminPolicy } from './modules/admin/admin.policy.ts';
import { createAdminRepository } from './modules/admin/admin.repository.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService, DEMO_CATALOG_IMPORTER } from './modules/admin/admin.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerAppInfoRoutes } from './modules/app-info/app-info.routes.ts';
import { createHelpRepository } from './modules/help/help.repository.ts';
import { registerHelpRoutes } from './modules/help/help.routes.ts';
import { createHelpService } from './modules/help/help.service.ts';
import { registerMailboxRoutes } from './modules/mailbox/mailbox.routes.ts';
import { CARD_ACTIVITY_EVENT } from '../shared/api-paths.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAuth } from './platform/auth/auth.ts';
import { registerAuthHandler } from './platform/auth/auth-handler.ts';
import { runAuthMigrations } from './platform/auth/auth-migrations.ts';
import { createSessionReader } from './platform/auth/session-reader.ts';
import { createKnownDevices } from './platform/auth/known-device.ts';
import { createPasswordChecks } from './platform/auth/password-attempts.ts';
import { createCreditEvents } from './modules/credits/credit-events.ts';
import { createCreditsService } from './modules/credits/credits.service.ts';
import { createGuestCardsRepository } from './modules/guest-sessions/guest-cards.repository.ts';
import { createGuestSessionCookie } from './modules/guest-sessions/guest-session-cookie.ts';
import { registerGuestSessionRoutes } from './modules/guest-sessions/guest-sessions.routes.ts';
import { createGuestSessionsService } from './modules/guest-sessions/guest-sessions.service.ts';
import { createAvatarService } from './modules/users/avatar.service.ts';
import { createCurrentUserResolver } from './modules/users/current-user.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createMailboxService } from './modules/mailbox/mailbox.service.ts';
import { createCardActorResolver } from './modules/cards/card-actor.ts';
import { createCardsRepository } from './modules/cards/cards.repository.ts';
import { createCardUnlockRepository } from './modules/cards/card-unlock.repository.ts';
import { registerCardsRoutes } from './modules/cards/cards.routes.ts';
import { createCardsService } from './modules/cards/cards.service.ts';
import { createCardFiles } from './modules/cards/card-files.ts';
import { createAbandonedDraftsService } from './modules/cards/abandoned-drafts.service.ts';
import { createCardMediaRepository } from './modules/cards/card-media.repository.ts';
import { registerCardMediaRoutes } from './modules/cards/card-media.routes.ts';
import { createCardMediaService } from './modules/cards/card-media.service.ts';
import { registerCardUploadRoutes } from './modules/cards/card-uploads.routes.ts';
import { createUploadDataStore } from './platform/storage/upload-store.ts';
import { createUploadLocker } from './platform/storage/upload-locker.ts';
import { registerCreditsRoutes } from './modules/credits/credits.routes.ts';
import { createCreditsRepository } from './modules/credits/credits.repository.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { registerPaymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createStripeGateway } from './modules/payments/stripe-gateway.ts';
import { registerMyWincsRoutes } from './modules/cards/my-wincs.routes.ts';
import { createMyWincsService } from './modules/cards/my-wincs.service.ts';
import { createCardActivityEvents } from './modules/cards/card-activity-events.ts';
import { createCardViewsRepository } from './modules/cards/card-views.repository.ts';
import { registerCardViewsRoutes } from './modules/cards/card-views.routes.ts';
import { createCardViewsService } from './modules/cards/card-views.service.ts';
import { createViewerCookie } from './modules/cards/viewer-cookie.ts';
import { createLinkPreviewService } from './modules/cards/link-preview.service.ts';
import { registerSharePageRoutes } from './modules/cards/share-page.routes.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { appOrigin } from './platform/auth/auth.ts';
import { deriveKey, resolveAuthSecret } from './platform/auth/auth-secret.ts';
import { createBuiltInSpeechEngine } from './platform/speech/built-in-speech.ts';
import { createOpenAiSpeechEngine } from './platform/speech/openai-speech.ts';
import { createVoiceClipsRepository } from './modules/voice/voice-clips.repository.ts';
import { registerVoiceRoutes } from './modules/voice/voice.routes.ts';
import { createVoiceService } from './modules/voice/voice.service.ts';
import { createUnusedVoiceClipsService } from './modules/voice/unused-clips.service.ts';
import { createChatCompletionsWriter } from './modules/ai/chat-completions-writer.ts';
import { registerAiMessagesRoutes } from './modules/ai/ai-messages.routes.ts';
import { createAiMessagesService } from './modules/ai/ai-messages.service.ts';

export interface AppOptions {
  /** The clock; tests pin it. */
  now?: () => Date;
  /** How long the AI provider may take before the built-in writer answers (SPEC §9: 70 s); tests shorten it. */
  aiTimeoutMs?: number;
  /** How often the catalog answers check for another instance's catalog change (2 s); tests shorten it. */
  catalogCheckIntervalMs?: number;
  /** Told the SQL of every statement the app runs, BEGIN and COMMIT too (the unlock benchmark counts them). */
  onStatement?: (sql: string) => void;
  /** Set by main.ts when a shutdown signal arrives, before the server closes: readiness answers 503. */
  shutdown?: ShutdownState;
  /** Told every route as it is declared, with its schemas (a test checks every text input against them). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The housekeeping (abandoned guest drafts, voice clips nobody uses, old uploads): first a few minutes after
 * start, then hourly.
 */
const HOUSEKEEPING_FIRST_AFTER_MS = 5 * 60 * 1000;
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * Builds the whole server: platform (database, storage, HTTP hardening), then each module's service and
 * routes, wired explicitly. Migrations run and the demo catalog is seeded before it answers.
 */
export async function buildApp(config: AppConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
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

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    ...(options.onStatement ? { onStatement: options.onStatement } : {}),
  });
  app.addHook('onClose', async () => database.destroy());
  const applied = await migrateToLatest(database);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  // Changes that other instances' live streams and caches must hear of (DESIGN §1.2).
  const notifications = await createNotifications({ databaseUrl: config.databaseUrl, log: app.log });
  app.addHook('onClose', async () => notifications.close());

  if (config.databaseUrl && !config.authSecret) {
    app.log.warn(
      'AUTH_SECRET is not set: this instance signs sessions with the secret in its DATA_DIR; ' +
        'several instances on one database must share one AUTH_SECRET',
    );
  }
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const storage = await createFileStorage(config);
  app.addHook('onClose', async () => storage.destroy?.());
  const mailer = createMailer({ config, database, log: app.log, now });
  const rateLimiter = createRateLimiter(database, now);

  const metrics = createMetrics();
  registerRequestMetrics(app, metrics);
  observeDatabasePool(metrics, database);
  registerMetricsRoute(app, metrics, config.metricsToken);

  useContractSchemas(app);
  registerErrorHandler(app);
  // Our own cookies (guest session, viewer, language) are parsed, set and signed by @fastify/cookie.
  const guestCookieKey = deriveKey(secret, 'guest-session-cookie');
  await app.register(cookie, { secret: guestCookieKey });
  const shutdown = options.shutdown ?? createShutdownState();
  const eventStreams = registerGracefulShutdown(app, shutdown);
  registerSecurityHeaders(app);
  registerOriginCheck(app, { publicOrigin: config.publicOrigin });
  await app.register(compress, {
    threshold: 1024,
    // Brotli 6 rather than the plugin's 4: a page rendered by the server is 10% smaller (home: 24 KB → 22 KB)
    // for the same 2–3 ms, and its bytes are the first a phone waits for.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
      },
    },
  });

  const catalogRepository = createCatalogRepository(database, notifications);
  const admin = createAdminService({
    repository: createAdminRepository({ database, catalog: catalogRepository }),
    catalog: catalogRepository,
    storage,
    now,
  });
  if (config.seedDemoCatalog) {
    await seedDemoCatalogIfEmpty({
      repository: catalogRepository,
      importSource: (source) => admin.importSource(DEMO_CATALOG_IMPORTER, source, 'merge'),
      storage: config,
      now,
      log: app.log,
    });
  }
  const catalog = createCatalogService({ repository: catalogRepository, now });
  const templateImages = createTemplateImageService({
    repository: catalogRepository,
    storage,
    cacheDir: config.cacheDir,
  });
  const help = createHelpService({
    repository: createHelpRepository(database),
    mailer,
    rateLimiter,
    supportEmail: config.supportEmail,
    log: app.log,
    now,
  });
  const mailbox = createMailboxService({
    outbox: createMailOutboxRepository(database),
    access: {
      mailMode: mailer.mode,
      localMailbox: config.localMailbox,
      publicHost: config.publicOrigin ? new URL(config.publicOrigin).host : undefined,
    },
  });

  registerHealthRoutes(app, { database, storage, shutdown });
  const catalogAnswers = createCatalogAnswers({
    catalog,
    versions: catalogRepository,
    now,
    log: app.log,
    ...(options.catalogCheckIntervalMs === undefined
      ? {}
      : { checkIntervalMs: options.catalogCheckIntervalMs }),
  });
  registerCatalogRoutes(app, catalogAnswers);
  const pages = createPageDocuments(config.webDistDir, { origin: appOrigin(config), log: app.log });
  registerCatalogPageRoutes(app, { answers: catalogAnswers, pages });
  registerTemplateImageRoutes(app, templateImages, storage);
  if (!config.stripe) {
    app.log.warn(
      config.paymentsTestMode
        ? 'payments: Stripe is not configured; the built-in test-mode checkout grants credits for free'
        : 'payments: Stripe is not configured and test mode is off (PAYMENTS_TEST_MODE): no purchases',
    );
  }
  // The one writer of balances and the ledger, inside the transactions of purchases and unlocks alike.
  const creditsRepository = createCreditsRepository(database);
  const payments = createPaymentsService({
    repository: createPaymentsRepository({ database, credits: creditsRepository }),
    stripe: config.stripe ? await createStripeGateway(config.stripe) : null,
    testMode: config.paymentsTestMode,
    rateLimiter,
    now,
    log: app.log,
    notifications,
    metrics,
  });
  const cardViewsRepository = createCardViewsRepository(database);
  const cardActivity = createCardActivityEvents({
    views: cardViewsRepository,
    log: app.log,
    notifications,
  });
  app.addHook('onClose', async () => cardActivity.close());
  // Accounts: better-auth on /api/auth/* (its migration check first), the user document and credits, guest
  // sessions and the routes around the signed-in user.
  const adminPolicy = createAdminPolicy(config.adminEmails);
  const usersRepository = createUsersRepository(database);
  const credits = createCreditsService({ repository: creditsRepository, now, notifications });
  const guestCookie = createGuestSessionCookie({
    cookies: app,
    key: guestCookieKey,
    secure: appOrigin(config).startsWith('https://'),
    now,
  });
  const guestSessions = createGuestSessionsService({ repository: createGuestCardsRepository(database), now });
  const accounts = createAccountsService({
    users: usersRepository,
    credits,
    guestSessions,
    guestCookie,
    googleEnabled: config.google !== undefined,
    log: app.log,
  });
  const auth = createAuth({
    config,
    database,
    secret,
    mailer,
    log: app.log,
    events: {
      onSessionCreated: (userId, cookieHeader) => accounts.onSessionCreated(userId, cookieHeader),
      onUserCreated: (userId, cookieHeader) => accounts.onUserCreated(userId, cookieHeader),
      onSignUpRepeated: (userId, cookieHeader) => accounts.onSignUpRepeated(userId, cookieHeader),
    },
  });
  const authMigrations = await runAuthMigrations(auth);
  if (authMigrations) app.log.info({ statements: authMigrations }, 'better-auth migrated the database');
  const sessions = await createSessionReader(auth);
  const currentUser = createCurrentUserResolver({ sessions, users: usersRepository });
  const avatars = createAvatarService({ users: usersRepository, storage, rateLimiter, now, log: app.log });
  const users = createUsersService({
    users: usersRepository,
    avatars,
    storage,
    rateLimiter,
    passwords: await createPasswordChecks({ auth, rateLimiter }),
    now,
    log: app.log,
    // Before an account's rows go, its Stripe subscriptions are cancelled.
    beforeAccountDeleted: (userId) => payments.endSubscriptionsOf(userId),
  });
  const creditEvents = createCreditEvents({
    balancesOf: (ids) => creditsRepository.balancesOf(ids),
    log: app.log,
    notifications,
  });
  app.addHook('onClose', async () => creditEvents.close());
  await registerAuthHandler(app, {
    auth,
    rateLimiter,
    knownDevices: createKnownDevices({
      key: deriveKey(secret, 'known-device-cookie'),
      secure: appOrigin(config).startsWith('https://'),
      now,
    }),
    onSignedIn: (request, reply) => guestCookie.clear(request, reply),
  });
  registerAccountsRoutes(app, accounts);
  await registerUsersRoutes(app, {
    currentUser,
    users,
    avatars,
    isAdmin: (user) => adminPolicy.isAdmin(user),
    sessions,
  });
  registerGuestSessionRoutes(app, { guestSessions, guestCookie, currentUser, rateLimiter });
  registerHelpRoutes(app, { help, currentUser });
  await registerAdminRoutes(app, { admin, currentUser, policy: adminPolicy });
  const cardActors = createCardActorResolver({
    currentUser,
    guestCookie,
  });
  const speech = {
    builtIn: createBuiltInSpeechEngine(),
    provider: config.tts ? createOpenAiSpeechEngine(config.tts) : null,
  };
  app.addHook('onClose', async () => speech.builtIn.close?.());
  observeSpeechPool(metrics, speech.builtIn);
  const voiceClips = createVoiceClipsRepository(database);
  const voice = createVoiceService({
    repository: voiceClips,
    storage,
    engines: speech,
    clipKey: deriveKey(secret, 'voice-clip-names'),
    rateLimiter,
    now,
    log: app.log,
  });
  registerVoiceRoutes(app, { voice, actors: cardActors, storage });
  const ai = createAiMessagesService({
    provider: config.ai ? createChatCompletionsWriter(config.ai) : null,
    rateLimiter,
    log: app.log,
    ...(options.aiTimeoutMs ? { timeoutMs: options.aiTimeoutMs } : {}),
  });
  registerAiMessagesRoutes(app, { ai, actors: cardActors });
  const cardsRepository = createCardsRepository(database);
  const uploadDatastore = await createUploadDataStore(config);
  const cardFiles = createCardFiles({
    storage,
    uploads: { remove: (uploadId) => uploadDatastore.remove(uploadId) },
    log: app.log,
  });
  const cards = createCardsService({
    repository: cardsRepository,
    files: cardFiles,
    unlocks: createCardUnlockRepository({ database, credits: creditsRepository }),
    templates: catalog,
    voice,
    rateLimiter,
    now,
    notifications,
    metrics,
  });
  registerCardsRoutes(app, { cards, actors: cardActors });
  const cardViews = createCardViewsService({
    cards: cardsRepository,
    views: cardViewsRepository,
    users: usersRepository,
    mailer,
    myWincsUrl: `${appOrigin(config)}/my-wincs`,
    now,
    log: app.log,
    notifications,
  });
  registerSharePageRoutes(app, {
    previews: createLinkPreviewService({
      cards: cardsRepository,
      covers: templateImages,
      storage,
      origin: appOrigin(config),
      log: app.log,
    }),
    pages,
    origin: appOrigin(config),
  });
  registerCardViewsRoutes(app, {
    views: cardViews,
    actors: cardActors,
    viewerCookie: createViewerCookie({ secure: appOrigin(config).startsWith('https://') }),
  });
  const cardMedia = createCardMediaService({
    cards: cardsRepository,
    media: createCardMediaRepository(database),
    storage,
    rateLimiter,
    now,
    log: app.log,
    metrics,
  });
  await registerCardMediaRoutes(app, { media: cardMedia, actors: cardActors, storage });
  const uploadLocker = await createUploadLocker({
    databaseUrl: config.databaseUrl,
    notifications,
    log: app.log,
  });
  app.addHook('onClose', async () => uploadLocker.close());
  await registerCardUploadRoutes(app, {
    media: cardMedia,
    actors: cardActors,
    datastore: uploadDatastore,
    locker: uploadLocker,
  });
  const myWincs = createMyWincsService({
    cards: cardsRepository,
    catalog,
    views: cardViewsRepository,
  });
  registerMyWincsRoutes(app, { myWincs, actors: cardActors });
  const abandonedDrafts = createAbandonedDraftsService({
    cards: cardsRepository,
    files: cardFiles,
    retentionMs: config.guestRetentionMs,
    now,
  });
  const unusedVoiceClips = createUnusedVoiceClipsService({
    clips: voiceClips,
    storage,
    retentionMs: config.voiceClipRetentionMs,
    now,
    log: app.log,
  });
  const housekeeping = schedulePeriodicJob({
    name: 'housekeeping',
    firstAfterMs: HOUSEKEEPING_FIRST_AFTER_MS,
    everyMs: HOUSEKEEPING_EVERY_MS,
    runExclusively: createExclusiveRunner(database),
    work: async () => ({
      abandonedDrafts: await abandonedDrafts.removeAbandonedGuestDrafts(),
      // After the drafts: the clips of drafts just removed are unused now.
      unusedVoiceClips: await unusedVoiceClips.removeUnusedClips(),
      oldUploads: await cardMedia.forgetOldUploads((uploadId) => uploadDatastore.remove(uploadId)),
    }),
    log: app.log,
  });
  app.addHook('preClose', async () => housekeeping.stop());
  registerCreditsRoutes(app, {
    credits,
    creditEvents,
    currentUser,
    eventStreams,
    // A `card-activity` event whenever a recipient opened one of the user's cards or played something in it
    // (DESIGN §1.7), for My WINCS.
    alsoStreamed: [
      (userId) => async (send) => {
        const stamp = await cardActivity.stampOf(userId);
        return cardActivity.subscribe(userId, stamp, () => send(CARD_ACTIVITY_EVENT, {}));
      },
    ],
  });
  await registerPaymentsRoutes(app, {
    payments,
    currentUser,
    publicOrigin: config.publicOrigin,
  });
  registerMailboxRoutes(app, mailbox);
  registerAppInfoRoutes(app, {
    mailMode: mailer.mode,
    mailbox,
    aiProviders: { writer: config.ai !== undefined, voice: config.tts !== undefined },
  });
  await registerWebApp(app, { webDistDir: config.webDistDir, pages });

  return app;
}
