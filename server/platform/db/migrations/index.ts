import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import * as m0001 from './0001-catalog.ts';

export interface AppMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
export const migrations: Record<string, AppMigration> = {
  '0001-catalog': m0001,
};
