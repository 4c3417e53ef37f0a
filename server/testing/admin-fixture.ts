import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { TestDatabase } from './databases.ts';
import { signUpAndVerify, TestBrowser } from './accounts-fixture.ts';

/** A small animated GIF (three 3:4 frames), as an operator would upload. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#1565c0', '#f9a825', '#2e7d32'].map((color) =>
      sharp({ create: { width: 120, height: 160, channels: 4, background: color } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ loop: 0, delay: [150, 150, 150] })
    .toBuffer();
}

/** A still 3:4 PNG. */
export function stillPng(color = '#c2185b'): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * The four callers the admin area knows: an admin (verified, in ADMIN_EMAILS), a normal account, an account
 * with an admin's address that is not verified, and a signed-out visitor. ADMIN_EMAILS must list both
 * `adminEmail` and `unverifiedAdminEmail`.
 */
export async function adminCallers(
  app: FastifyInstance,
  testDatabase: TestDatabase,
  emails: { adminEmail: string; unverifiedAdminEmail: string },
): Promise<{ admin: TestBrowser; user: TestBrowser; unverified: TestBrowser; visitor: TestBrowser }> {
  const admin = (await signUpAndVerify(app, testDatabase, { email: emails.adminEmail })).browser;
  const user = (await signUpAndVerify(app, testDatabase)).browser;
  // Signed in, then the address is no longer verified (as after an email change still to be confirmed).
  const unverified = (await signUpAndVerify(app, testDatabase, { email: emails.unverifiedAdminEmail }))
    .browser;
  const { db, codec } = testDatabase.database;
  await db
    .updateTable('users')
    .set({ emailVerified: codec.bool(false) })
    .where('email', '=', emails.unverifiedAdminEmail)
    .execute();
  return { admin, user, unverified, visitor: new TestBrowser(app) };
}
