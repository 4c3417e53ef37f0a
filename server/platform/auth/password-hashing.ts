import crypto from 'node:crypto';

/**
 * How account passwords are hashed: scrypt, as better-auth does by default, with each hash naming the cost it
 * was made with. better-auth's own hashes (`salt:key`) name none; they were made with its fixed parameters, which
 * are the standard cost here, so they go on verifying. A hash that names its cost can be checked whatever the
 * server's setting is now, and the cost can be raised later without locking anyone out.
 */

export interface ScryptCost {
  /** CPU and memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
}

/** better-auth's parameters: about 0.2 s of one core here, and 32 MiB, per hash. */
export const STANDARD_COST: ScryptCost = { N: 16384, r: 16, p: 1 };

/**
 * For tests and local runs only (`PASSWORD_HASHING=fast`, refused on a public server): about 2 ms and 1 MiB.
 * The suite signs up and signs in well over a thousand times, and fifty wrong passwords lock an account; at
 * the standard cost those hashes alone took minutes of a two-core machine.
 */
export const FAST_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/** The settings of `PASSWORD_HASHING`. */
export const PASSWORD_HASHINGS = ['standard', 'fast'] as const;
export type PasswordHashing = (typeof PASSWORD_HASHINGS)[number];

const KEY_BYTES = 64;
const PREFIX = 'scrypt';

function derive(password: string, salt: string, { N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { N, r, p, maxmem: 256 * N * r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** A hash's cost and parts; null when it is not one of ours or better-auth's. */
function parse(hash: string): { cost: ScryptCost; salt: string; key: string } | null {
  const parts = hash.split(':');
  if (parts.length === 2) {
    const [salt, key] = parts as [string, string];
    return salt && key ? { cost: STANDARD_COST, salt, key } : null;
  }
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  // A hash that asks for more than sixteen times the standard work is not one this server made.
  const valid =
    Object.values(cost).every((value) => Number.isSafeInteger(value) && value > 0) &&
    (cost.N & (cost.N - 1)) === 0 &&
    cost.N * cost.r * cost.p <= STANDARD_COST.N * STANDARD_COST.r * STANDARD_COST.p * 16;
  return valid && salt && key ? { cost, salt, key } : null;
}

/** The functions better-auth's `emailAndPassword.password` takes, hashing new passwords at `hashing`'s cost. */
export function passwordHasher(hashing: PasswordHashing) {
  const cost = hashing === 'fast' ? FAST_COST : STANDARD_COST;
  return {
    async hash(password: string): Promise<string> {
      const salt = crypto.randomBytes(16).toString('hex');
      const key = await derive(password, salt, cost);
      return [PREFIX, cost.N, cost.r, cost.p, salt, key.toString('hex')].join(':');
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const parsed = parse(hash);
      if (!parsed) throw new Error('Invalid password hash');
      const key = await derive(password, parsed.salt, parsed.cost);
      const expected = Buffer.from(parsed.key, 'hex');
      return expected.length === key.length && crypto.timingSafeEqual(expected, key);
    },
  };
}
