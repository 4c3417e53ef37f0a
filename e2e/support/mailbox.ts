import {
  mailboxListSchema,
  mailboxMailSchema,
  type MailboxMail,
} from '../../shared/mailbox/mailbox.contract.ts';
import { mailboxApi } from '../../shared/api-paths.ts';
import { extractLinks } from '../../server/platform/mail/mail-templates.ts';
import type { SmtpSink } from '../../server/testing/smtp-sink.ts';

/**
 * The local mailbox of a server started without SMTP (DESIGN §1.11): browser tests read verification and
 * reset mails there, the way a person would open them.
 */

/** Waits for the newest mail of a kind to an address (sent at or after `after`, epoch ms). */
export async function waitForMail(
  baseUrl: string,
  to: string,
  kind: string,
  after = 0,
): Promise<MailboxMail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}${mailboxApi.list}`);
    if (response.ok) {
      const list = mailboxListSchema.parse(await response.json());
      const entry = list.mails.find(
        (mail) => mail.to === to && mail.kind === kind && Date.parse(mail.createdAt) >= after,
      );
      if (entry) {
        const mail = await fetch(`${baseUrl}${mailboxApi.mail(entry.id)}`);
        return mailboxMailSchema.parse(await mail.json());
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${kind} mail to ${to} arrived`);
}

/** The link of a mail that contains `fragment` (e.g. '/verify-email'). */
export function linkIn(mail: MailboxMail, fragment: string): string {
  const link = mail.links.find((candidate) => candidate.includes(fragment));
  if (!link) throw new Error(`The ${mail.kind} mail has no link with ${fragment}: ${mail.links.join(', ')}`);
  return link;
}

/** The verification link sent to a new account. */
export async function verificationLink(baseUrl: string, email: string): Promise<string> {
  return linkIn(await waitForMail(baseUrl, email, 'verify-email'), '/verify-email');
}

/**
 * The verification link a server started with `SMTP_URL` pointing at `sink` mailed to an address: for the
 * browser tests that read what a mail app receives (a calendar part), which the local outbox does not keep.
 */
export function verificationLinkIn(sink: SmtpSink): (email: string) => Promise<string> {
  return async (email) => {
    const mail = await sink.waitFor((received) => received.to.includes(email), 15_000);
    const link = extractLinks(mail.text).find((candidate) => candidate.includes('/verify-email'));
    if (!link) throw new Error(`The mail to ${email} has no verification link:\n${mail.text}`);
    return link;
  };
}

/**
 * Opens a verification link as the client that signed up, without following its redirect: with the cookies
 * the sign-up's answer set, which name the password it chose (any other browser is asked to choose one).
 */
export function openVerificationLink(url: string, signUp: Response): Promise<Response> {
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return fetch(url, { redirect: 'manual', headers: { cookie } });
}
