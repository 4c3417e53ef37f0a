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
