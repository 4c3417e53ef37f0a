import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { FAST_COST, STANDARD_COST, passwordHasher } from './password-hashing.ts';

const standard = passwordHasher('standard');
const fast = passwordHasher('fast');

describe('password hashing', () => {
  it('names the cost in each new hash, and verifies it whatever the setting is now', async () => {
    const quick = await fast.hash('correct horse 42');
    expect(quick).toMatch(
      new RegExp(`^scrypt:${FAST_COST.N}:${FAST_COST.r}:${FAST_COST.p}:[0-9a-f]{32}:[0-9a-f]{128}$`),
    );
    const slow = await standard.hash('correct horse 42');
    expect(slow.startsWith(`scrypt:${STANDARD_COST.N}:${STANDARD_COST.r}:${STANDARD_COST.p}:`)).toBe(true);
    for (const hasher of [standard, fast]) {
      for (const hash of [quick, slow]) {
        expect(await hasher.verify({ hash, password: 'correct horse 42' })).toBe(true);
        expect(await hasher.verify({ hash, password: 'correct horse 43' })).toBe(false);
      }
    }
  });

  it("verifies better-auth's own hashes, made before this module, at their standard cost", async () => {
    const legacy = await hashPassword('correct horse 42');
    expect(legacy).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    for (const hasher of [standard, fast]) {
      expect(await hasher.verify({ hash: legacy, password: 'correct horse 42' })).toBe(true);
      expect(await hasher.verify({ hash: legacy, password: 'wrong horse 42' })).toBe(false);
    }
  });

  it('treats a password typed in another Unicode form as the same password', async () => {
    const hash = await fast.hash('caf\u00e9 horse 42');
    expect(await fast.verify({ hash, password: 'cafe\u0301 horse 42' })).toBe(true);
  });

  it('refuses a malformed hash, or one asking for a cost no account was ever hashed at', async () => {
    const good = await fast.hash('correct horse 42');
    const [, , , , salt, key] = good.split(':');
    for (const hash of [
      '',
      'nocolon',
      ':',
      `bcrypt:1024:8:1:${salt}:${key}`,
      `scrypt:1000:8:1:${salt}:${key}`,
      `scrypt:${2 ** 30}:8:1:${salt}:${key}`,
      `scrypt:1024:0:1:${salt}:${key}`,
      `scrypt:16384:16:17:${salt}:${key}`,
      `scrypt:1024:8:1::${key}`,
    ]) {
      await expect(fast.verify({ hash, password: 'correct horse 42' }), hash).rejects.toThrow(
        'Invalid password hash',
      );
    }
  });
});
