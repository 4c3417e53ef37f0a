import { createMailOutboxRepository } from '../../platform/mail/mail-outbox.repository.ts';
import type { Platform } from '../../platform/platform.ts';
import { registerMailboxRoutes } from './mailbox.routes.ts';
import { createMailboxService } from './mailbox.service.ts';

export type MailboxModule = ReturnType<typeof createMailboxModule>;

/** The local mailbox (DESIGN §1.11): what the server would have mailed, while it has no SMTP. */
export function createMailboxModule(platform: Platform) {
  const { app, config, database, mailer } = platform;
  const mailbox = createMailboxService({
    outbox: createMailOutboxRepository(database),
    access: {
      mailMode: mailer.mode,
      localMailbox: config.localMailbox,
      publicHost: config.publicOrigin ? new URL(config.publicOrigin).host : undefined,
    },
  });
  registerMailboxRoutes(app, mailbox);
  return { mailbox };
}
