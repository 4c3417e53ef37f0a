import {
  MAILBOX_LIST_LIMIT,
  type MailboxList,
  type MailboxMail,
} from '../../../shared/mailbox/mailbox.contract.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MailOutboxRepository } from '../../platform/mail/mail-outbox.repository.ts';
import { canReadMailbox, type MailboxAccess, type MailboxVisitor } from './mailbox.policy.ts';
import { presentMailboxEntry, presentMailboxMail } from './mailbox.presenter.ts';

export type MailboxService = ReturnType<typeof createMailboxService>;

/** The HTML of a mail, made safe to show in a frame: links open outside the frame. */
function framedHtml(html: string): string {
  return html.replace(/<head>/i, '<head>\n<base target="_blank">');
}

export function createMailboxService(deps: { outbox: MailOutboxRepository; access: MailboxAccess }) {
  /** Without access the mailbox does not exist for this visitor: 404, like any unknown URL. */
  function requireAccess(visitor: MailboxVisitor): void {
    if (!canReadMailbox(deps.access, visitor)) throw new AppError('not-found');
  }

  async function findMail(id: string, visitor: MailboxVisitor) {
    requireAccess(visitor);
    const mail = await deps.outbox.findById(id);
    if (!mail) throw new AppError('not-found');
    return mail;
  }

  return {
    /** Whether this visitor may open the local mailbox (the footer shows its link only then). */
    isAvailableTo(visitor: MailboxVisitor): boolean {
      return canReadMailbox(deps.access, visitor);
    },

    /** The newest mails of the outbox, newest first. */
    async listMails(visitor: MailboxVisitor): Promise<MailboxList> {
      requireAccess(visitor);
      const mails = await deps.outbox.listNewest(MAILBOX_LIST_LIMIT);
      return { mails: mails.map(presentMailboxEntry) };
    },

    /** One mail with its bodies and links. */
    async readMail(id: string, visitor: MailboxVisitor): Promise<MailboxMail> {
      return presentMailboxMail(await findMail(id, visitor));
    },

    /** One mail's HTML as a standalone document for the mailbox's sandboxed frame. */
    async readMailHtml(id: string, visitor: MailboxVisitor): Promise<string> {
      return framedHtml((await findMail(id, visitor)).html);
    },
  };
}
