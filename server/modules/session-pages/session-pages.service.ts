import type { CurrentUser } from '../../../shared/accounts/accounts.contract.ts';
import type { AppInfo } from '../../../shared/app-info/app-info.contract.ts';
import { myWincsQuerySchema } from '../../../shared/cards/my-wincs.contract.ts';
import type { SessionAppPath } from '../../../shared/pages/page-code.ts';
import type { PageData } from '../../../shared/pages/page-data.contract.ts';
import type { PaymentOptions } from '../../../shared/payments/payments.contract.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { MyWincsService } from '../cards/my-wincs.service.ts';
import type { MailboxVisitor } from '../mailbox/mailbox.policy.ts';
import type { UserRecord } from '../users/users.repository.ts';

export type SessionPagesService = ReturnType<typeof createSessionPagesService>;

/** A signed-in visit of a page that needs the session. */
export interface SignedInVisit {
  user: UserRecord;
  /** The same visitor as the API's card routes see them. */
  actor: CardActor;
  /** Where the request came from and was addressed to (the local mailbox is only for some). */
  from: MailboxVisitor;
  /** The page's query string, as Fastify parsed it. */
  query: Record<string, unknown>;
}

/**
 * The first screens of the pages that need the session (docs/decisions/0042-first-screens.md, "The signed-in
 * pages"): what each would ask the API for once its script runs, answered as the API answers it, for the
 * signed-in visitor only.
 */
export function createSessionPagesService(deps: {
  presentUser: (user: UserRecord) => CurrentUser;
  appInfo: (from: MailboxVisitor) => AppInfo;
  myWincs: Pick<MyWincsService, 'listMyWincs' | 'listDrafts'>;
  newReplies: (actor: CardActor) => Promise<Record<string, number>>;
  paymentOptions: () => PaymentOptions;
}) {
  /** My WINCS for the URL's filter, as the page asks for it; an unreadable filter is left to the API's answer. */
  async function myWincs(visit: SignedInVisit): Promise<PageData> {
    const asked = visit.query.category;
    const parsed = myWincsQuerySchema.safeParse({ category: asked });
    if (!parsed.success) return {};
    const [list, drafts, newReplies] = await Promise.all([
      deps.myWincs.listMyWincs(visit.actor, { categoryId: parsed.data.category }),
      deps.myWincs.listDrafts(visit.actor),
      deps.newReplies(visit.actor),
    ]);
    // The page's filter is the address's text as it reads it: '' is no filter.
    const categoryId = typeof asked === 'string' && asked !== '' ? asked : null;
    return { myWincs: { categoryId, answer: list }, drafts, newReplies: { cards: newReplies } };
  }

  const pages: Record<SessionAppPath, (visit: SignedInVisit) => Promise<PageData>> = {
    '/my-wincs': myWincs,
    // The profile and the account's page show the user, and nothing else before a click.
    '/profile': async () => ({}),
    '/account-info': async () => ({}),
    // The card comes in the app's navigation state, which the server never sees: the page asks for it.
    '/checkout': async () => ({ paymentOptions: deps.paymentOptions() }),
  };

  return {
    /** What the page's first screen shows for the signed-in visitor: who they are, the server's set-up, its own. */
    async firstScreen(path: SessionAppPath, visit: SignedInVisit): Promise<PageData> {
      const own = await pages[path](visit);
      return { me: deps.presentUser(visit.user), appInfo: deps.appInfo(visit.from), ...own };
    },
  };
}
