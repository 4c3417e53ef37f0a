import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_HASHINGS, type PasswordHashing } from './auth/password-hashing.ts';

/**
 * The whole server configuration, read once from the environment and validated. Every variable is optional:
 * without any, the app runs on its embedded defaults (SQLite + local disk under DATA_DIR, demo catalog).
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An optional setting where an empty value means unset. */
const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** Together they switch file storage and resumable uploads to an S3-compatible store; region is optional. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Together they switch payments from the built-in test mode to Stripe Checkout; STRIPE_API_URL is optional. */
const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PLUS_MONTHLY',
  'STRIPE_PRICE_PREMIUM_MONTHLY',
  'STRIPE_PRICE_PLUS_BULK',
  'STRIPE_PRICE_PREMIUM_BULK',
] as const;

/** Together they switch the AI message writer to an OpenAI-compatible endpoint; AI_API_KEY is optional. */
const AI_REQUIRED = ['AI_BASE_URL', 'AI_MODEL'] as const;
/** Together they switch the AI voice to an OpenAI-compatible speech endpoint; the key and voices are optional. */
const TTS_REQUIRED = ['TTS_BASE_URL', 'TTS_MODEL'] as const;

/** Never echoed in a configuration error, even when wrong. */
const SECRET_VARIABLES = new Set([
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'AI_API_KEY',
  'TTS_API_KEY',
  'METRICS_TOKEN',
]);

/** An http(s) base URL of an API, without a trailing slash (`https://api.openai.com/v1`). */
const apiBaseUrl = () =>
  optionalText()
    .transform((v) => v?.replace(/\/+$/, ''))
    .refine((v) => v === undefined || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v), {
      message: 'must be an http:// or https:// URL, e.g. https://api.openai.com/v1',
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be a postgres:// or postgresql:// URL (leave it unset to use SQLite)',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The origin users reach the app at (https://winc.example). Used for links in mails, sign-in callbacks and
   * the cross-site request check. Defaults to http://localhost:PORT.
   */
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v?.replace(/\/+$/, '')))
    .refine((v) => v === undefined || /^https?:\/\/[^/\s]+$/.test(v), {
      message: 'must be an origin like https://winc.example (scheme and host, no path)',
    }),
  /** Where the built browser app lives. */
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
  /** Seed the generated demo catalog when the catalog is empty. */
  SEED_DEMO_CATALOG: booleanFlag.default(true),
  /**
   * Trust X-Forwarded-* headers from this many proxy hops (or a comma-separated list of proxy addresses).
   * Off by default, so a client cannot spoof its address.
   */
  TRUST_PROXY: z.string().trim().default('false'),
  /** Outgoing mail server, e.g. smtp://user:pass@host:587 or smtps://…; unset keeps mail in the local outbox. */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/.test(v), {
      message: 'must be an smtp:// or smtps:// URL (leave it unset to keep mail in the local outbox)',
    }),
  /** The sender of every mail. */
  MAIL_FROM: z.string().trim().min(3).default('Winc <no-reply@winc.local>'),
  /**
   * Accounts that manage the catalog (DESIGN §1.16): comma-separated addresses, compared without case; an
   * account is an admin only once its address is verified.
   */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== ''),
    )
    .refine((list) => list.every((e) => z.email().safeParse(e).success), {
      message: 'must be a comma-separated list of email addresses',
    }),
  /** Where help requests are sent. */
  SUPPORT_EMAIL: z.email({ message: 'must be an email address' }).default('support@winc.local'),
  /**
   * Signs sessions, verification tokens and guest cookies (at least 32 characters). Unset: a random secret is
   * generated once and kept in DATA_DIR/auth-secret, so sessions survive restarts.
   */
  AUTH_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters long' }),
  /** Google sign-in: both set turns it on. */
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  GOOGLE_CLIENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** Google's OpenID Connect issuer; only tests point it elsewhere (a local OIDC provider). */
  GOOGLE_ISSUER_URL: z
    .string()
    .trim()
    .default('https://accounts.google.com')
    .transform((v) => v.replace(/\/+$/, ''))
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), { message: 'must be an http(s) URL' }),
  /**
   * Who may open the local mailbox when mail stays in the outbox: `local` (requests from this machine only, so
   * a server deployed without SMTP does not hand out everyone's reset links), `everyone`, or `off`.
   */
  LOCAL_MAILBOX: z.enum(['local', 'everyone', 'off']).default('local'),
  /**
   * Without Stripe, the built-in test-mode checkout grants credits for nothing: `on` offers it anyway, `off`
   * never. Unset: on only for local use (no PUBLIC_ORIGIN, or a loopback one), so a public server does not
   * hand out free credits.
   */
  PAYMENTS_TEST_MODE: z.enum(['on', 'off']).optional(),
  /**
   * The cost of new password hashes: `standard` (scrypt as better-auth makes it), or `fast` for tests and local
   * runs, refused with a public PUBLIC_ORIGIN. Each hash names its cost, so either setting verifies both.
   */
  PASSWORD_HASHING: z.enum(PASSWORD_HASHINGS).default('standard'),
  /**
   * S3-compatible object storage (AWS, MinIO, Garage, R2, …), addressed path-style (`{endpoint}/{bucket}/{key}`).
   * Unset: files stay under DATA_DIR.
   */
  S3_ENDPOINT: optionalText()
    .transform((v) => v?.replace(/\/+$/, ''))
    .refine((v) => v === undefined || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v), {
      message: 'must be an http:// or https:// URL, e.g. https://s3.eu-central-1.amazonaws.com',
    }),
  S3_BUCKET: optionalText().refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
  }),
  /** Most S3-compatible stores ignore the region but the request signature needs one. */
  S3_REGION: optionalText().refine((v) => v === undefined || /^[a-z0-9-]+$/.test(v), {
    message: 'must be a region name such as us-east-1 (lowercase letters, digits and hyphens)',
  }),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  /** Stripe Checkout (DESIGN §1.10): all six of key, webhook secret and the four price ids, or none (test mode). */
  STRIPE_SECRET_KEY: optionalText().refine((v) => v === undefined || /^(sk|rk)_[A-Za-z0-9_]+$/.test(v), {
    message: 'must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optionalText().refine((v) => v === undefined || /^whsec_[A-Za-z0-9_]+$/.test(v), {
    message: "must be the webhook endpoint's signing secret (whsec_…)",
  }),
  STRIPE_PRICE_PLUS_MONTHLY: optionalText(),
  STRIPE_PRICE_PREMIUM_MONTHLY: optionalText(),
  STRIPE_PRICE_PLUS_BULK: optionalText(),
  STRIPE_PRICE_PREMIUM_BULK: optionalText(),
  /**
   * An OpenAI-compatible chat-completions API for the AI message writer (OpenAI, Ollama, vLLM…), used for
   * Plus and Premium senders (DESIGN §1.18). Unset: everyone gets the built-in offline writer.
   */
  AI_BASE_URL: apiBaseUrl(),
  AI_MODEL: optionalText(),
  AI_API_KEY: optionalText(),
  /** An OpenAI-compatible `/audio/speech` API for the AI voice, likewise; unset: the built-in voices. */
  TTS_BASE_URL: apiBaseUrl(),
  TTS_MODEL: optionalText(),
  TTS_API_KEY: optionalText(),
  TTS_VOICE_MALE: optionalText(),
  TTS_VOICE_FEMALE: optionalText(),
  /**
   * Bearer token that `/metrics` (Prometheus) asks for; unset, `/metrics` answers 404. At least 16 characters,
   * since it guards what a scrape reveals (request volumes, pool use) on the public port.
   */
  METRICS_TOKEN: optionalText().refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters long (or unset, to turn /metrics off)',
  }),
  /**
   * On SIGTERM/SIGINT, how long `/api/ready` answers 503 while requests are still served, before the server
   * stops taking new ones: long enough for the proxy's health checks to take the instance out.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .min(0, 'must be 0 or more')
    .max(300, 'must be at most 300')
    .default(0),
  /**
   * Tests only: a file holding milliseconds the server's clock runs ahead by, so a browser test can move a
   * running server past a card's reveal (server/platform/test-clock.ts). Never set in production.
   */
  WINC_TEST_CLOCK_FILE: optionalText(),
  /** Guest drafts untouched for this long (and unfinished uploads as old) are removed by the housekeeping. */
  GUEST_RETENTION_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(30),
  /** Voice clips that no card names and nobody asked for in this long are removed by the housekeeping. */
  VOICE_CLIP_RETENTION_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(7),
  /** How many days before an invitation's replies close its guests without an answer get a reminder. */
  RSVP_REMINDER_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(60, 'must be at most 60')
    .default(2),
  /** Where the Stripe SDK sends its requests; only tests point it elsewhere (a local Stripe-shaped server). */
  STRIPE_API_URL: optionalText()
    .transform((v) => v?.replace(/\/+$/, ''))
    .refine((v) => v === undefined || /^https?:\/\/[^\s/?#]+$/.test(v), {
      message: 'must be an http:// or https:// origin, e.g. http://127.0.0.1:12111',
    }),
});

/** Stripe Checkout's settings (secrets: never log them). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price id of each paid offer: a recurring monthly price, or a one-time price for bulk. */
  prices: { plus: { monthly: string; bulk: string }; premium: { monthly: string; bulk: string } };
  /** Another API host for the SDK (tests), or undefined for Stripe's own. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** Where an S3-compatible store is and how to sign in to it. The secret may never be logged. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** An OpenAI-compatible chat-completions API (the key may never be logged). */
export interface AiProviderSettings {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
}

/** An OpenAI-compatible speech API and the provider's voice names for male and female. */
export interface SpeechProviderSettings {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  voiceMale: string | undefined;
  voiceFemale: string | undefined;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** SQLite database file, used when no DATABASE_URL is set. */
  sqlitePath: string;
  databaseUrl: string | undefined;
  /** Configured public origin, or undefined to trust the request's own host (local use). */
  publicOrigin: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  seedDemoCatalog: boolean;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Local file storage root (templates, later uploads). */
  storageDir: string;
  /** Encoded image variants, re-creatable at any time; always local, per instance. */
  cacheDir: string;
  /** Resumable (tus) uploads in progress, when no S3 store is configured. */
  uploadsDir: string;
  /** S3-compatible storage for files and resumable uploads, or undefined for local disk under DATA_DIR. */
  s3: S3Settings | undefined;
  /** SMTP server URL (may hold credentials: never log it); undefined → mail goes to the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: string[];
  /** AUTH_SECRET, or undefined to use the secret generated once under DATA_DIR. */
  authSecret: string | undefined;
  /** Google sign-in, or undefined when GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are not both set. */
  google: { clientId: string; clientSecret: string; issuerUrl: string } | undefined;
  localMailbox: 'local' | 'everyone' | 'off';
  /** Stripe Checkout, or undefined when no STRIPE_* variable is set. */
  stripe: StripeSettings | undefined;
  /** Without Stripe: whether the built-in test-mode checkout is offered (else purchases are unavailable). */
  paymentsTestMode: boolean;
  passwordHashing: PasswordHashing;
  /** The AI message provider, or undefined for the built-in writer only. */
  ai: AiProviderSettings | undefined;
  /** The speech provider, or undefined for the built-in voices only. */
  tts: SpeechProviderSettings | undefined;
  /** The bearer token `/metrics` asks for (never log it), or undefined when metrics are not served. */
  metricsToken: string | undefined;
  /** How long readiness says 503 before the server closes, on a shutdown signal. */
  shutdownDrainMs: number;
  /** Tests only: the file whose offset the server's clock adds (WINC_TEST_CLOCK_FILE), or undefined. */
  testClockFile: string | undefined;
  /** How long an untouched guest draft is kept. */
  guestRetentionMs: number;
  /** How long a voice clip that no card names is kept after it was last asked for. */
  voiceClipRetentionMs: number;
  /** Days before an invitation's replies close that its reminder goes out. */
  rsvpReminderDays: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(raw: string): AppConfig['trustProxy'] {
  if (raw === 'false' || raw === '0' || raw === '') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  return raw.split(',').map((s) => s.trim());
}

/** Half an S3 configuration is a mistake, not a reason to fall back to local disk silently. */
function s3CompletenessIssues(env: NodeJS.ProcessEnv): { name: string; message: string }[] {
  const present = S3_REQUIRED.filter((name) => (env[name]?.trim() ?? '') !== '');
  if (present.length === 0 || present.length === S3_REQUIRED.length) return [];
  return S3_REQUIRED.filter((name) => !present.includes(name)).map((name) => ({
    name,
    message:
      `must be set too: ${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set, and S3 storage ` +
      `needs all of ${S3_REQUIRED.join(', ')} (or none of them, to keep files on local disk)`,
  }));
}

/** Fast password hashes would make a public server's passwords cheap to guess from a stolen database. */
function passwordHashingIssues(hashing: PasswordHashing, publicOrigin: string | undefined) {
  if (hashing !== 'fast' || publicOrigin === undefined || isLoopbackOrigin(publicOrigin)) return [];
  return [
    {
      name: 'PASSWORD_HASHING',
      message: `must be standard on a public server (PUBLIC_ORIGIN=${publicOrigin}): fast is for tests on this machine`,
    },
  ];
}

/** A provider named without its model (or the reverse) is a mistake worth stopping for, not a silent fallback. */
function pairIssues(env: NodeJS.ProcessEnv, names: readonly string[], what: string) {
  const present = names.filter((name) => (env[name]?.trim() ?? '') !== '');
  if (present.length === 0 || present.length === names.length) return [];
  return names
    .filter((name) => !present.includes(name))
    .map((name) => ({
      name,
      message: `must be set too: ${what} needs all of ${names.join(', ')} (or none)`,
    }));
}

/** Half a Stripe configuration would take money it cannot grant (or the reverse): a start-up error, too. */
function stripeCompletenessIssues(env: NodeJS.ProcessEnv): { name: string; message: string }[] {
  const present = STRIPE_REQUIRED.filter((name) => (env[name]?.trim() ?? '') !== '');
  if (present.length === 0 || present.length === STRIPE_REQUIRED.length) return [];
  return STRIPE_REQUIRED.filter((name) => !present.includes(name)).map((name) => ({
    name,
    message:
      `must be set too: ${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set, and Stripe ` +
      `payments need all of ${STRIPE_REQUIRED.join(', ')} (or none of them, for the built-in test-mode checkout)`,
  }));
}

function stripeApiAddress(url: string | undefined): StripeSettings['api'] {
  if (url === undefined) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  const port = parsed.port === '' ? (protocol === 'http' ? 80 : 443) : Number(parsed.port);
  return { host: parsed.hostname, port, protocol };
}

/** An origin only this machine reaches: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\./.test(host);
}

/** Reads and validates the configuration; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const issues = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          name: String(issue.path[0] ?? 'environment'),
          message: issue.message,
        }))),
    ...s3CompletenessIssues(env),
    ...stripeCompletenessIssues(env),
    ...(parsed.success ? passwordHashingIssues(parsed.data.PASSWORD_HASHING, parsed.data.PUBLIC_ORIGIN) : []),
    ...pairIssues(env, AI_REQUIRED, 'the AI message provider'),
    ...pairIssues(env, TTS_REQUIRED, 'the speech provider'),
  ];
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map(({ name, message }) => {
      const value = env[name];
      // A secret's value is never echoed, even when it is the wrong one.
      const shown =
        value === undefined ? '(unset)' : SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(value);
      return `  ${name}=${shown}: ${message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  const dataDir = path.resolve(v.DATA_DIR);
  return {
    env: v.NODE_ENV,
    host: v.HOST,
    port: v.PORT,
    dataDir,
    sqlitePath: path.join(dataDir, 'winc.db'),
    databaseUrl: v.DATABASE_URL,
    publicOrigin: v.PUBLIC_ORIGIN,
    logLevel: v.LOG_LEVEL,
    webDistDir: path.resolve(v.WEB_DIST_DIR),
    seedDemoCatalog: v.SEED_DEMO_CATALOG,
    trustProxy: parseTrustProxy(v.TRUST_PROXY),
    storageDir: path.join(dataDir, 'storage'),
    cacheDir: path.join(dataDir, 'cache'),
    uploadsDir: path.join(dataDir, 'uploads'),
    s3:
      v.S3_ENDPOINT && v.S3_BUCKET && v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: v.S3_ENDPOINT,
            bucket: v.S3_BUCKET,
            region: v.S3_REGION ?? 'us-east-1',
            accessKeyId: v.S3_ACCESS_KEY_ID,
            secretAccessKey: v.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    supportEmail: v.SUPPORT_EMAIL,
    adminEmails: v.ADMIN_EMAILS,
    authSecret: v.AUTH_SECRET,
    google:
      v.GOOGLE_CLIENT_ID && v.GOOGLE_CLIENT_SECRET
        ? {
            clientId: v.GOOGLE_CLIENT_ID,
            clientSecret: v.GOOGLE_CLIENT_SECRET,
            issuerUrl: v.GOOGLE_ISSUER_URL,
          }
        : undefined,
    localMailbox: v.LOCAL_MAILBOX,
    passwordHashing: v.PASSWORD_HASHING,
    paymentsTestMode: v.PAYMENTS_TEST_MODE
      ? v.PAYMENTS_TEST_MODE === 'on'
      : v.PUBLIC_ORIGIN === undefined || isLoopbackOrigin(v.PUBLIC_ORIGIN),
    stripe:
      v.STRIPE_SECRET_KEY &&
      v.STRIPE_WEBHOOK_SECRET &&
      v.STRIPE_PRICE_PLUS_MONTHLY &&
      v.STRIPE_PRICE_PREMIUM_MONTHLY &&
      v.STRIPE_PRICE_PLUS_BULK &&
      v.STRIPE_PRICE_PREMIUM_BULK
        ? {
            secretKey: v.STRIPE_SECRET_KEY,
            webhookSecret: v.STRIPE_WEBHOOK_SECRET,
            prices: {
              plus: { monthly: v.STRIPE_PRICE_PLUS_MONTHLY, bulk: v.STRIPE_PRICE_PLUS_BULK },
              premium: { monthly: v.STRIPE_PRICE_PREMIUM_MONTHLY, bulk: v.STRIPE_PRICE_PREMIUM_BULK },
            },
            api: stripeApiAddress(v.STRIPE_API_URL),
          }
        : undefined,
    ai:
      v.AI_BASE_URL && v.AI_MODEL
        ? { baseUrl: v.AI_BASE_URL, model: v.AI_MODEL, apiKey: v.AI_API_KEY }
        : undefined,
    tts:
      v.TTS_BASE_URL && v.TTS_MODEL
        ? {
            baseUrl: v.TTS_BASE_URL,
            model: v.TTS_MODEL,
            apiKey: v.TTS_API_KEY,
            voiceMale: v.TTS_VOICE_MALE,
            voiceFemale: v.TTS_VOICE_FEMALE,
          }
        : undefined,
    metricsToken: v.METRICS_TOKEN,
    shutdownDrainMs: v.SHUTDOWN_DRAIN_SECONDS * 1000,
    testClockFile: v.WINC_TEST_CLOCK_FILE,
    guestRetentionMs: v.GUEST_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    voiceClipRetentionMs: v.VOICE_CLIP_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    rsvpReminderDays: v.RSVP_REMINDER_DAYS,
  };
}
