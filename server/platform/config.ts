import path from 'node:path';
import { z } from 'zod';

/**
 * The whole server configuration, read once from the environment and validated. Every variable is optional:
 * without any, the app runs on its embedded defaults (SQLite + local disk under DATA_DIR, demo catalog).
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  /** Where the built browser app lives. */
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
  /** Seed the generated demo catalog when the catalog is empty. */
  SEED_DEMO_CATALOG: booleanFlag.default(true),
  /**
   * Trust X-Forwarded-* headers from this many proxy hops (or a comma-separated list of proxy addresses).
   * Off by default, so a client cannot spoof its address.
   */
  TRUST_PROXY: z.string().trim().default('false'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** SQLite database file, used when no DATABASE_URL is set. */
  sqlitePath: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  seedDemoCatalog: boolean;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Local file storage root (templates, later uploads). */
  storageDir: string;
  /** Encoded image variants, re-creatable at any time. */
  cacheDir: string;
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

/** Reads and validates the configuration; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = env[name];
      return `  ${name}=${value === undefined ? '(unset)' : JSON.stringify(value)}: ${issue.message}`;
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
    logLevel: v.LOG_LEVEL,
    webDistDir: path.resolve(v.WEB_DIST_DIR),
    seedDemoCatalog: v.SEED_DEMO_CATALOG,
    trustProxy: parseTrustProxy(v.TRUST_PROXY),
    storageDir: path.join(dataDir, 'storage'),
    cacheDir: path.join(dataDir, 'cache'),
  };
}
