import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      seedDemoCatalog: true,
    });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.sqlitePath).toBe(path.resolve('data', 'winc.db'));
    expect(config.trustProxy).toBe(false);
  });

  it('respects PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '4123', DATA_DIR: '/tmp/winc-x', DATABASE_URL: 'postgres://u@h/db' });
    expect(config).toMatchObject({ port: 4123, dataDir: '/tmp/winc-x', databaseUrl: 'postgres://u@h/db' });
    expect(config.storageDir).toBe('/tmp/winc-x/storage');
  });

  it('names each bad variable and its value in one clear message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO_CATALOG: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('Invalid configuration');
    expect(message).toContain('PORT="eighty": must be a port number');
    expect(message).toContain('DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL');
    expect(message).toContain('SEED_DEMO_CATALOG="maybe": must be true or false');
  });

  it('keeps unused voice clips 7 days unless VOICE_CLIP_RETENTION_DAYS says otherwise', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(loadConfig({}).voiceClipRetentionMs).toBe(7 * day);
    expect(loadConfig({ VOICE_CLIP_RETENTION_DAYS: '2' }).voiceClipRetentionMs).toBe(2 * day);
    expect(() => loadConfig({ VOICE_CLIP_RETENTION_DAYS: '0' })).toThrow(
      /VOICE_CLIP_RETENTION_DAYS="0": must be at least 1/,
    );
  });

  it('refuses out-of-range ports', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be between 0 and 65535/);
  });

  it('trusts a proxy only when told how many hops', () => {
    const trust = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof trust).toBe('function');
    const hops = trust as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});

describe('loadConfig: S3 storage', () => {
  const s3Env = {
    S3_ENDPOINT: 'https://minio.internal:9000/',
    S3_BUCKET: 'winc-media',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'very-secret-value',
  };

  it('keeps files on local disk when no S3 variable is set, or only empty ones', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_ENDPOINT: ' ', S3_BUCKET: '', S3_REGION: '' }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: '/tmp/winc-x' }).uploadsDir).toBe('/tmp/winc-x/uploads');
  });

  it('switches to S3 with all four set, region us-east-1 unless given', () => {
    expect(loadConfig(s3Env).s3).toEqual({
      endpoint: 'https://minio.internal:9000',
      bucket: 'winc-media',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'very-secret-value',
    });
    expect(loadConfig({ ...s3Env, S3_REGION: 'eu-central-1' }).s3?.region).toBe('eu-central-1');
  });

  it('names every missing variable when only some are set, and never prints the secret', () => {
    let error: unknown;
    try {
      loadConfig({ S3_ENDPOINT: s3Env.S3_ENDPOINT, S3_SECRET_ACCESS_KEY: s3Env.S3_SECRET_ACCESS_KEY });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(
      'S3_BUCKET=(unset): must be set too: S3_ENDPOINT, S3_SECRET_ACCESS_KEY are set',
    );
    expect(message).toContain('S3_ACCESS_KEY_ID=(unset): must be set too');
    expect(message).not.toContain('S3_ENDPOINT=');
    expect(message).not.toContain('very-secret-value');
    expect(() => loadConfig({ S3_BUCKET: 'winc' })).toThrow(
      /S3_ENDPOINT=\(unset\): must be set too: S3_BUCKET is set/,
    );
  });

  it('refuses an endpoint that is not an http(s) URL, a bad bucket name and a bad region', () => {
    expect(() => loadConfig({ ...s3Env, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT="minio:9000": must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ ...s3Env, S3_BUCKET: 'Winc_Media' })).toThrow(
      /S3_BUCKET="Winc_Media": must be a bucket name/,
    );
    expect(() => loadConfig({ ...s3Env, S3_REGION: 'EU Central' })).toThrow(
      /S3_REGION="EU Central": must be a region/,
    );
  });

  it('reports S3 mistakes together with the other bad variables', () => {
    expect(() => loadConfig({ PORT: 'eighty', S3_BUCKET: 'winc' })).toThrow(
      /PORT="eighty": must be a port number[\s\S]*S3_ENDPOINT=\(unset\)/,
    );
  });
});

describe('loadConfig: Stripe payments', () => {
  const stripeEnv = {
    STRIPE_SECRET_KEY: 'sk_test_verysecretkey',
    STRIPE_WEBHOOK_SECRET: 'whsec_verysecretsigning',
    STRIPE_PRICE_PLUS_MONTHLY: 'price_plus_monthly',
    STRIPE_PRICE_PREMIUM_MONTHLY: 'price_premium_monthly',
    STRIPE_PRICE_PLUS_BULK: 'price_plus_bulk',
    STRIPE_PRICE_PREMIUM_BULK: 'price_premium_bulk',
  };

  it('uses the built-in test-mode checkout when no Stripe variable is set, or only empty ones', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: ' ', STRIPE_API_URL: '' }).stripe).toBeUndefined();
  });

  it('offers the test-mode checkout for local use only, unless PAYMENTS_TEST_MODE says otherwise', () => {
    const testMode = (env: Record<string, string>) => loadConfig(env).paymentsTestMode;
    expect(testMode({})).toBe(true);
    expect(testMode({ PUBLIC_ORIGIN: 'http://localhost:3000' })).toBe(true);
    expect(testMode({ PUBLIC_ORIGIN: 'http://127.0.0.1:8080' })).toBe(true);
    expect(testMode({ PUBLIC_ORIGIN: 'http://[::1]:3000' })).toBe(true);
    expect(testMode({ PUBLIC_ORIGIN: 'https://winc.example' })).toBe(false);
    expect(testMode({ PUBLIC_ORIGIN: 'https://winc.example', NODE_ENV: 'development' })).toBe(false);
    expect(testMode({ PUBLIC_ORIGIN: 'https://localhost.evil.example' })).toBe(false);
    expect(testMode({ PUBLIC_ORIGIN: 'https://winc.example', PAYMENTS_TEST_MODE: 'on' })).toBe(true);
    expect(testMode({ PAYMENTS_TEST_MODE: 'off' })).toBe(false);
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'yes' })).toThrow(/PAYMENTS_TEST_MODE/);
  });

  it('hashes passwords at the standard cost unless told fast, which a public server refuses', () => {
    expect(loadConfig({}).passwordHashing).toBe('standard');
    expect(loadConfig({ PASSWORD_HASHING: 'fast' }).passwordHashing).toBe('fast');
    expect(
      loadConfig({ PASSWORD_HASHING: 'fast', PUBLIC_ORIGIN: 'http://localhost:3000' }).passwordHashing,
    ).toBe('fast');
    expect(() => loadConfig({ PASSWORD_HASHING: 'fast', PUBLIC_ORIGIN: 'https://winc.example' })).toThrow(
      /PASSWORD_HASHING="fast": must be standard on a public server/,
    );
    expect(() => loadConfig({ PASSWORD_HASHING: 'cheap' })).toThrow(/PASSWORD_HASHING/);
  });

  it('switches to Stripe with all six set, on Stripe’s own API unless STRIPE_API_URL says otherwise', () => {
    expect(loadConfig(stripeEnv).stripe).toEqual({
      secretKey: 'sk_test_verysecretkey',
      webhookSecret: 'whsec_verysecretsigning',
      prices: {
        plus: { monthly: 'price_plus_monthly', bulk: 'price_plus_bulk' },
        premium: { monthly: 'price_premium_monthly', bulk: 'price_premium_bulk' },
      },
      api: undefined,
    });
    expect(loadConfig({ ...stripeEnv, STRIPE_API_URL: 'http://127.0.0.1:12111/' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(loadConfig({ ...stripeEnv, STRIPE_API_URL: 'https://stripe.internal' }).stripe?.api).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });

  it('names every missing variable of a partial Stripe configuration, and never prints the secrets', () => {
    let error: unknown;
    try {
      loadConfig({
        STRIPE_SECRET_KEY: stripeEnv.STRIPE_SECRET_KEY,
        STRIPE_PRICE_PLUS_MONTHLY: 'price_plus_monthly',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const missing of [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_PREMIUM_MONTHLY',
      'STRIPE_PRICE_PLUS_BULK',
      'STRIPE_PRICE_PREMIUM_BULK',
    ]) {
      expect(message).toContain(
        `${missing}=(unset): must be set too: STRIPE_SECRET_KEY, STRIPE_PRICE_PLUS_MONTHLY are set, ` +
          'and Stripe payments need all of',
      );
    }
    expect(message).toContain('(or none of them, for the built-in test-mode checkout)');
    expect(message).not.toContain('STRIPE_SECRET_KEY=');
    expect(message).not.toContain('verysecretkey');
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_SECRET_KEY=\(unset\): must be set too: STRIPE_WEBHOOK_SECRET is set/,
    );
  });

  it('refuses keys of the wrong kind without echoing them, and a STRIPE_API_URL that is not an origin', () => {
    let message = '';
    try {
      loadConfig({ ...stripeEnv, STRIPE_SECRET_KEY: 'pk_test_publishable', STRIPE_WEBHOOK_SECRET: 'oops' });
    } catch (caught) {
      message = (caught as Error).message;
    }
    expect(message).toContain('STRIPE_SECRET_KEY=(hidden): must be a Stripe secret key');
    expect(message).toContain(
      "STRIPE_WEBHOOK_SECRET=(hidden): must be the webhook endpoint's signing secret",
    );
    expect(message).not.toContain('pk_test_publishable');
    expect(() => loadConfig({ ...stripeEnv, STRIPE_API_URL: 'localhost:12111' })).toThrow(
      /STRIPE_API_URL="localhost:12111": must be an http:\/\/ or https:\/\/ origin/,
    );
  });
});
