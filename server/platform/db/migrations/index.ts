import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import * as m0001 from './0001-catalog.ts';
import * as m0002 from './0002-rate-limits.ts';
import * as m0003 from './0003-mail-help.ts';
import * as m0004 from './0004-accounts.ts';
import * as m0005 from './0005-card-media.ts';
import * as m0006 from './0006-payments.ts';
import * as m0007 from './0007-card-voice.ts';
import * as m0008 from './0008-card-views.ts';
import * as m0009 from './0009-face-opening.ts';
import * as m0010 from './0010-signup-guest-sessions.ts';
import * as m0011 from './0011-catalog-version.ts';
import * as m0012 from './0012-catalog-admin.ts';
import * as m0013 from './0013-voice-clip-use.ts';
import * as m0014 from './0014-invitations.ts';
import * as m0015 from './0015-invitation-guests.ts';
import * as m0016 from './0016-jobs.ts';
import * as m0017 from './0017-guest-language.ts';
import * as m0018 from './0018-removed-cards.ts';
import * as m0019 from './0019-view-limit-raise.ts';
import * as m0020 from './0020-template-language-covers.ts';
import * as m0021 from './0021-replies.ts';
import * as m0022 from './0022-scheduled-reveal.ts';
import * as m0023 from './0023-deliveries.ts';
import * as m0024 from './0024-keepsake-files.ts';
import * as m0025 from './0025-delivery-gave-up.ts';

export interface AppMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
export const migrations: Record<string, AppMigration> = {
  '0001-catalog': m0001,
  '0002-rate-limits': m0002,
  '0003-mail-help': m0003,
  '0004-accounts': m0004,
  '0005-card-media': m0005,
  '0006-payments': m0006,
  '0007-card-voice': m0007,
  '0008-card-views': m0008,
  '0009-face-opening': m0009,
  '0010-signup-guest-sessions': m0010,
  '0011-catalog-version': m0011,
  '0012-catalog-admin': m0012,
  '0013-voice-clip-use': m0013,
  '0014-invitations': m0014,
  '0015-invitation-guests': m0015,
  '0016-jobs': m0016,
  '0017-guest-language': m0017,
  '0018-removed-cards': m0018,
  '0019-view-limit-raise': m0019,
  '0020-template-language-covers': m0020,
  '0021-replies': m0021,
  '0022-scheduled-reveal': m0022,
  '0023-deliveries': m0023,
  '0024-keepsake-files': m0024,
  '0025-delivery-gave-up': m0025,
};
