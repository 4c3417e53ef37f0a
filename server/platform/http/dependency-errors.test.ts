import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../testing/postgres.ts';
import { isDependencyUnavailable } from './dependency-errors.ts';

describe('isDependencyUnavailable', () => {
  it('recognises a PostgreSQL that refuses connections, as node-postgres reports it', async () => {
    const client = new pg.Client({ connectionString: `postgres://x@127.0.0.1:${await freePort()}/x` });
    const error = await client.connect().then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it('recognises a cut connection, a shutting-down server and a full disk', () => {
    expect(isDependencyUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDependencyUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ).toBe(true);
    expect(isDependencyUnavailable(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDependencyUnavailable(new Error('wrapped', { cause: { code: 'ECONNRESET' } }))).toBe(true);
  });

  it('leaves bugs and bad input alone: they stay internal', () => {
    expect(isDependencyUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDependencyUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    let missing: unknown;
    try {
      fs.readFileSync('/nonexistent/winc');
    } catch (error) {
      missing = error;
    }
    expect(isDependencyUnavailable(missing)).toBe(false);
    expect(isDependencyUnavailable(null)).toBe(false);
  });
});
