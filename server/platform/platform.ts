import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { appOrigin, createAuth, type Auth } from './auth/auth.ts';
import { createAuthEventRelay, type AuthEventRelay } from './auth/auth-events.ts';
import { registerAuthHandler } from './auth/auth-handler.ts';
import { runAuthMigrations } from './auth/auth-migrations.ts';
import { deriveKey, resolveAuthSecret } from './auth/auth-secret.ts';
import { createKnownDevices } from './auth/known-device.ts';
import { createPasswordChecks, type PasswordChecks } from './auth/password-attempts.ts';
import { createSessionReader, type SessionReader } from './auth/session-reader.ts';
import type { AppConfig } from './config.ts';
import { migrateToLatest, openDatabase, type Database } from './db/database.ts';
import { createNotifications, type Notifications } from './db/notifications.ts';
import { useContractSchemas } from './http/contract-schemas.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import {
  createShutdownState,
  registerGracefulShutdown,
  type EventStreams,
  type ShutdownState,
} from './http/graceful-shutdown.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { createPageDocuments, type PageDocuments } from './http/page-document.ts';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import type { Mailer } from './mail/mail-messages.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { createMailer } from './mail/mailer.ts';
import {
  createMetrics,
  observeDatabasePool,
  observeSpeechPool,
  registerMetricsRoute,
  registerRequestMetrics,
  type Metrics,
} from './metrics/metrics.ts';
import { createBuiltInSpeechEngine, type BuiltInSpeechEngine } from './speech/built-in-speech.ts';
import { createOpenAiSpeechEngine } from './speech/openai-speech.ts';
import type { SpeechEngine } from './speech/speech-engine.ts';
import { createFileClock } from './test-clock.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';

export interface PlatformOptions {
  /** The clock; tests pin it. */
  now?: () => Date;
  /**
   * Told the SQL and parameters of every statement the app runs, BEGIN and COMMIT too (the unlock benchmark
   * counts them and replays one unlock's without the app, as its limit).
   */
  onStatement?: (sql: string, parameters?: readonly unknown[]) => void;
  /** Set by main.ts when a shutdown signal arrives, before the server closes: readiness answers 503. */
  shutdown?: ShutdownState;
  /** How often each instance looks for due jobs (5 s); tests shorten it. */
  jobsPollMs?: number;
  /**
   * A connection the caller holds and keeps (a test that reads and writes beside the app): the app uses it
   * rather than opening its own, and leaves it open when it closes. SQLite has one writer, and a second
   * connection in the same process waits for the first's write lock with the event loop blocked
   * (better-sqlite3's busy_timeout), which the first then cannot release: 5 s, then "database is locked".
   */
  database?: Database;
}

/** What every module is built from: the server's parts without business rules (DESIGN §2). */
export interface Platform {
  app: FastifyInstance;
  config: AppConfig;
  now: () => Date;
  log: FastifyBaseLogger;
  database: Database;
  /** Changes that other instances' live streams and caches must hear of (DESIGN §1.2). */
  notifications: Notifications;
  storage: FileStorage;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Scheduled work, once across instances (DESIGN §4 "jobs"). */
  jobs: JobRunner;
  metrics: Metrics;
  shutdown: ShutdownState;
  /** Live streams, ended when the server shuts down. */
  eventStreams: EventStreams;
  /** The built web app's pages, for the routes that render them. */
  pages: PageDocuments;
  /** The origin people reach the app at: links in mails and pages. */
  origin: string;
  /** Whether cookies are Secure (the origin is HTTPS). */
  secureCookies: boolean;
  /** A key for one purpose, derived from the auth secret, so no two features share a key. */
  keyFor(purpose: string): Buffer;
  /** The key @fastify/cookie signs cookies with (the guest session's). */
  cookieSigningKey: Buffer;
  /** The built-in voices, and the configured provider's when there is one. */
  speech: { builtIn: BuiltInSpeechEngine; provider: SpeechEngine | null };
  /** better-auth on /api/auth/*, who a request's session is, and password re-checks. */
  accounts: {
    auth: Auth;
    sessions: SessionReader;
    passwords: PasswordChecks;
    /** Carries sign-ups and sign-ins to the accounts module's handlers. */
    events: AuthEventRelay;
  };
}

/**
 * The platform of the server: the database (migrated), cross-instance notifications, file storage, mail, rate
 * limits, metrics, the HTTP hardening every route gets, the speech engines and better-auth (its migrations run
 * and its routes mounted). No module is built here.
 */
export async function createPlatform(
  app: FastifyInstance,
  config: AppConfig,
  options: PlatformOptions = {},
): Promise<Platform> {
  const log = app.log;
  const now =
    options.now ?? (config.testClockFile ? createFileClock(config.testClockFile) : () => new Date());
  if (!options.now && config.testClockFile) {
    log.warn(
      { file: config.testClockFile },
      'WINC_TEST_CLOCK_FILE is set: the clock runs by its offset (tests only)',
    );
  }

  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      sqlitePath: config.sqlitePath,
      onConnectionError: (error) => log.warn({ err: error }, 'database connection lost'),
      ...(options.onStatement ? { onStatement: options.onStatement } : {}),
    });
  if (!options.database) app.addHook('onClose', async () => database.destroy());
  const applied = await migrateToLatest(database);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');

  const notifications = await createNotifications({ databaseUrl: config.databaseUrl, log });
  app.addHook('onClose', async () => notifications.close());

  if (config.databaseUrl && !config.authSecret) {
    log.warn(
      'AUTH_SECRET is not set: this instance signs sessions with the secret in its DATA_DIR; ' +
        'several instances on one database must share one AUTH_SECRET',
    );
  }
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const keyFor = (purpose: string) => deriveKey(secret, purpose);
  const storage = await createFileStorage(config);
  app.addHook('onClose', async () => storage.destroy?.());
  const mailer = createMailer({ config, database, log, now });
  const rateLimiter = createRateLimiter(database, now);
  // Polling starts once every module has named the kinds it handles, and stops before the database closes.
  const jobs = createJobRunner({
    database,
    log,
    now,
    ...(options.jobsPollMs ? { pollMs: options.jobsPollMs } : {}),
  });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());

  const metrics = createMetrics();
  registerRequestMetrics(app, metrics);
  observeDatabasePool(metrics, database);
  registerMetricsRoute(app, metrics, config.metricsToken);

  useContractSchemas(app);
  registerErrorHandler(app);
  // Our own cookies (guest session, viewer, language) are parsed, set and signed by @fastify/cookie.
  const cookieSigningKey = keyFor('guest-session-cookie');
  await app.register(cookie, { secret: cookieSigningKey });
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

  const origin = appOrigin(config);
  const secureCookies = origin.startsWith('https://');
  const pages = createPageDocuments(config.webDistDir, { origin, log });

  const speech = {
    builtIn: createBuiltInSpeechEngine(),
    provider: config.tts ? createOpenAiSpeechEngine(config.tts) : null,
  };
  app.addHook('onClose', async () => speech.builtIn.close?.());
  observeSpeechPool(metrics, speech.builtIn);

  // better-auth on /api/auth/* (its migration check first).
  const events = createAuthEventRelay(log);
  const auth = createAuth({ config, database, secret, mailer, log, events: events.events });
  const authMigrations = await runAuthMigrations(auth);
  if (authMigrations) log.info({ statements: authMigrations }, 'better-auth migrated the database');
  await registerAuthHandler(app, {
    auth,
    rateLimiter,
    knownDevices: createKnownDevices({ key: keyFor('known-device-cookie'), secure: secureCookies, now }),
    onSignedIn: (request, reply) => events.onSignedIn(request, reply),
  });
  const accounts = {
    auth,
    sessions: await createSessionReader(auth),
    passwords: await createPasswordChecks({ auth, rateLimiter }),
    events,
  };

  return {
    app,
    config,
    now,
    log,
    database,
    notifications,
    storage,
    mailer,
    rateLimiter,
    jobs,
    metrics,
    shutdown,
    eventStreams,
    pages,
    origin,
    secureCookies,
    keyFor,
    cookieSigningKey,
    speech,
    accounts,
  };
}
