import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'auth-secret';

/**
 * The secret that signs sessions, verification tokens and guest cookies: AUTH_SECRET when configured, else a
 * random one generated on the first start and kept in DATA_DIR/auth-secret (mode 0600), so sessions survive
 * restarts on a fresh machine. Several instances must share AUTH_SECRET (or the data directory).
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const generated = crypto.randomBytes(48).toString('base64url');
  try {
    // 'wx' fails when another instance wrote the file first; then that one wins.
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** A key for one purpose, derived from the auth secret, so no two features share a key. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'winc', purpose, 32));
}
