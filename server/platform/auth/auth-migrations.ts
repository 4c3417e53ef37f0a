import { getMigrations } from 'better-auth/db/migration';
import type { Auth } from './auth.ts';

/**
 * Runs better-auth's own migrations (on SQLite and PostgreSQL alike). Migration 0004-accounts already created
 * its tables in our naming, with our constraints, so this normally does nothing; it adds what a future
 * better-auth option or plugin needs. Returns the statements it ran.
 */
export async function runAuthMigrations(auth: Auth): Promise<string> {
  const { runMigrations, compileMigrations, toBeCreated, toBeAdded, toBeAddedIndexes } = await getMigrations(
    auth.options,
  );
  if (toBeCreated.length === 0 && toBeAdded.length === 0 && toBeAddedIndexes.length === 0) return '';
  const statements = await compileMigrations();
  await runMigrations();
  return statements;
}
