import type { AppInfo } from '../../../shared/app-info/app-info.contract.ts';
import type { Platform } from '../../platform/platform.ts';
import type { MailboxVisitor } from '../mailbox/mailbox.policy.ts';
import type { MailboxService } from '../mailbox/mailbox.service.ts';
import { registerAppInfoRoutes } from './app-info.routes.ts';

/** The AI providers this server has (DESIGN §1.18): what its plans may promise. */
export function aiProvidersOf(config: Platform['config']): AppInfo['aiProviders'] {
  return { writer: config.ai !== undefined, voice: config.tts !== undefined };
}

/** What the browser app needs to know of this server's set-up (`/api/config`). */
export function createAppInfoModule(platform: Platform, deps: { mailbox: MailboxService }) {
  const { app, config, mailer } = platform;
  const aiProviders = aiProvidersOf(config);
  /** This server's set-up as a visitor's browser is told it (the local mailbox is only for some). */
  const infoFor = (visitor: MailboxVisitor): AppInfo => ({
    mailMode: mailer.mode,
    localMailbox: deps.mailbox.isAvailableTo(visitor),
    aiProviders,
  });
  registerAppInfoRoutes(app, { infoFor });
  return { infoFor };
}
