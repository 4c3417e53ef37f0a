import { z } from 'zod';

/**
 * The local development mailbox (DESIGN §1.11): what the app would have mailed when no SMTP server is
 * configured. Only available in that mode.
 */

export const MAIL_KINDS = [
  'verify-email',
  'reset-password',
  'confirm-email-change',
  'sign-up-attempt',
  'sign-in-link',
  'help-request',
  'help-receipt',
] as const;

export const mailboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  language: z.string(),
  createdAt: z.iso.datetime(),
});
export type MailboxEntry = z.infer<typeof mailboxEntrySchema>;

export const mailboxListSchema = z.object({ mails: z.array(mailboxEntrySchema) });
export type MailboxList = z.infer<typeof mailboxListSchema>;

export const mailboxMailSchema = mailboxEntrySchema.extend({
  text: z.string(),
  html: z.string(),
  /** Every link in the mail, in order (what a reader would click). */
  links: z.array(z.string()),
});
export type MailboxMail = z.infer<typeof mailboxMailSchema>;

/** How many mails the list shows (newest first). */
export const MAILBOX_LIST_LIMIT = 100;
