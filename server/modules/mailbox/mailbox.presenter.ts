import type { MailboxEntry, MailboxMail } from '../../../shared/mailbox/mailbox.contract.ts';
import { extractLinks } from '../../platform/mail/mail-templates.ts';
import type { OutboxMail, OutboxMailSummary } from '../../platform/mail/mail-outbox.repository.ts';

export function presentMailboxEntry(mail: OutboxMailSummary): MailboxEntry {
  return {
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    kind: mail.kind,
    language: mail.language,
    createdAt: mail.createdAt.toISOString(),
  };
}

export function presentMailboxMail(mail: OutboxMail): MailboxMail {
  return { ...presentMailboxEntry(mail), text: mail.text, html: mail.html, links: extractLinks(mail.text) };
}
