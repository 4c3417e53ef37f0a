import type { Platform } from '../../platform/platform.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import { createHelpRepository } from './help.repository.ts';
import { registerHelpRoutes } from './help.routes.ts';
import { createHelpService } from './help.service.ts';

/** Help requests (DESIGN §1.15): stored, mailed to SUPPORT_EMAIL, and a receipt to the sender. */
export function createHelpModule(platform: Platform, deps: { currentUser: CurrentUserResolver }): void {
  const { app, config, database, mailer, rateLimiter, now, log } = platform;
  const help = createHelpService({
    repository: createHelpRepository(database),
    mailer,
    rateLimiter,
    supportEmail: config.supportEmail,
    log,
    now,
  });
  registerHelpRoutes(app, { help, currentUser: deps.currentUser });
}
