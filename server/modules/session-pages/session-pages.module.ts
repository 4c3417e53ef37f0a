import type { AppInfo } from '../../../shared/app-info/app-info.contract.ts';
import type { PaymentOptions } from '../../../shared/payments/payments.contract.ts';
import type { Platform } from '../../platform/platform.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { CardsModule } from '../cards/cards.module.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { MailboxVisitor } from '../mailbox/mailbox.policy.ts';
import type { UsersModule } from '../users/users.module.ts';
import { registerSessionPageRoutes } from './session-pages.routes.ts';
import { createSessionPagesService } from './session-pages.service.ts';

/**
 * The pages that need the session, as a signed-in visitor opens them: their first screen's data from the
 * modules that own it, written into the page (docs/decisions/0042-first-screens.md, "The signed-in pages").
 */
export function createSessionPagesModule(
  platform: Platform,
  deps: {
    users: Pick<UsersModule, 'currentUser' | 'present'>;
    actors: CardActorResolver;
    appInfo: (from: MailboxVisitor) => AppInfo;
    cards: Pick<CardsModule, 'myWincs'>;
    newReplies: (actor: CardActor) => Promise<Record<string, number>>;
    paymentOptions: () => PaymentOptions;
  },
): void {
  const sessionPages = createSessionPagesService({
    presentUser: deps.users.present,
    appInfo: deps.appInfo,
    myWincs: deps.cards.myWincs,
    newReplies: deps.newReplies,
    paymentOptions: deps.paymentOptions,
  });
  registerSessionPageRoutes(platform.app, {
    sessionPages,
    currentUser: deps.users.currentUser,
    actors: deps.actors,
    pages: platform.pages,
  });
}
