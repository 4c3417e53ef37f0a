import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../platform/config.ts';
import { appOrigin, createAuth } from '../../platform/auth/auth.ts';
import { registerAuthHandler } from '../../platform/auth/auth-handler.ts';
import { runAuthMigrations } from '../../platform/auth/auth-migrations.ts';
import { deriveKey } from '../../platform/auth/auth-secret.ts';
import { createSessionReader } from '../../platform/auth/session-reader.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import type { RateLimiter } from '../../platform/http/rate-limit.ts';
import type { Mailer } from '../../platform/mail/mail-messages.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createCreditEvents } from '../credits/credit-events.ts';
import { createCreditsRepository } from '../credits/credits.repository.ts';
import { createCreditsService } from '../credits/credits.service.ts';
import { createGuestCardsRepository } from '../guest-sessions/guest-cards.repository.ts';
import { createGuestSessionCookie } from '../guest-sessions/guest-session-cookie.ts';
import { registerGuestSessionRoutes } from '../guest-sessions/guest-sessions.routes.ts';
import { createGuestSessionsService } from '../guest-sessions/guest-sessions.service.ts';
import { createAvatarService } from '../users/avatar.service.ts';
import { createCurrentUserResolver } from '../users/current-user.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { registerUsersRoutes, type UsersRoutesDeps } from '../users/users.routes.ts';
import { createUsersService } from '../users/users.service.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';

export interface AccountsDeps {
  config: AppConfig;
  /** The app's secret (AUTH_SECRET or the generated one): sessions, verification links, guest cookies. */
  secret: string;
  database: Database;
  storage: FileStorage;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  now: () => Date;
  /** Where balance changes are announced to every instance's live streams. */
  notifications?: Notifications;
  /** Live-credit polling interval (tests shorten it). */
  creditPollMs?: number;
  /** Recipients opening the user's cards: the live stream passes it on to My WINCS. */
  cardActivity: UsersRoutesDeps['cardActivity'];
  /** The live stream's body, ended when the server shuts down. */
  eventStreams: UsersRoutesDeps['eventStreams'];
  /** Whether a user manages the catalog (the admin policy), for the session answer. */
  isAdmin: UsersRoutesDeps['isAdmin'];
  /** Runs before an account is deleted, while its rows still exist (payments cancel its subscriptions). */
  beforeAccountDeleted?: (userId: string) => Promise<void>;
}

/**
 * Issue 3's wiring: better-auth on /api/auth/* (its migration check first), the user document and credits,
 * guest sessions and the routes around the signed-in user. Answers the services other modules use: who is
 * calling (`currentUser`), the guest cookie (cards save guest cards with it) and the credits ledger.
 */
export async function registerAccounts(app: FastifyInstance, deps: AccountsDeps) {
  const { config, secret, database, storage, mailer, rateLimiter, now } = deps;

  const usersRepository = createUsersRepository(database);
  const creditsRepository = createCreditsRepository(database);
  const credits = createCreditsService({
    repository: creditsRepository,
    now,
    ...(deps.notifications ? { notifications: deps.notifications } : {}),
  });
  const guestCookie = createGuestSessionCookie({
    key: deriveKey(secret, 'guest-session-cookie'),
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
    },
  });
  const authMigrations = await runAuthMigrations(auth);
  if (authMigrations) app.log.info({ statements: authMigrations }, 'better-auth migrated the database');

  const sessions = await createSessionReader(auth);
  const currentUser = createCurrentUserResolver({ sessions, users: usersRepository });
  const avatars = createAvatarService({ users: usersRepository, storage, now, log: app.log });
  const users = createUsersService({
    users: usersRepository,
    avatars,
    storage,
    now,
    log: app.log,
    ...(deps.beforeAccountDeleted ? { beforeAccountDeleted: deps.beforeAccountDeleted } : {}),
  });
  const creditEvents = createCreditEvents({
    balancesOf: (ids) => creditsRepository.balancesOf(ids),
    log: app.log,
    ...(deps.notifications ? { notifications: deps.notifications } : {}),
    ...(deps.creditPollMs ? { intervalMs: deps.creditPollMs } : {}),
  });
  app.addHook('onClose', async () => creditEvents.close());

  await registerAuthHandler(app, {
    auth,
    rateLimiter,
    onSignedIn: (request, reply) => guestCookie.clear(request, reply),
  });
  registerAccountsRoutes(app, accounts);
  await registerUsersRoutes(app, {
    currentUser,
    users,
    avatars,
    creditEvents,
    cardActivity: deps.cardActivity,
    eventStreams: deps.eventStreams,
    isAdmin: deps.isAdmin,
    sessions,
    storage,
    rateLimiter,
  });
  registerGuestSessionRoutes(app, { guestSessions, guestCookie, currentUser, rateLimiter });

  return { auth, currentUser, guestCookie, credits, users };
}
