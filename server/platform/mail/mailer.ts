import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import type { Mailer, MailMessage, TrackedSend } from './mail-messages.ts';
import { extractLinks, renderMail } from './mail-templates.ts';

export interface MailerDeps {
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>;
  database: Database;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The app's mailer (DESIGN §1.11). With `SMTP_URL` it delivers through that server; without it every mail is
 * kept in the `mail_outbox` table (the local mailbox page shows them) and its links are printed to the log,
 * so sign-up works on a fresh machine. In SMTP mode the log never holds bodies or links: they carry tokens.
 */
export function createMailer(deps: MailerDeps): Mailer {
  const now = deps.now ?? (() => new Date());
  const { smtpUrl, mailFrom } = deps.config;

  if (smtpUrl) {
    /** What nodemailer builds the message from, the same for both ways of sending. */
    const composed = (message: MailMessage) => {
      const mail = renderMail(message);
      return {
        from: mailFrom,
        to: message.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        // RFC 8058: mail apps offer "Unsubscribe", and stop the mails with one POST. Written as headers (not
        // nodemailer's `list`, which only its transport reads) so both ways of sending carry them.
        ...(mail.unsubscribeUrl
          ? {
              headers: {
                'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
        // A text/calendar alternative with its METHOD: what Gmail and Outlook show as an invitation.
        ...(mail.calendar
          ? { icalEvent: { method: mail.calendar.method, content: mail.calendar.content } }
          : {}),
        ...(mail.inlineImages
          ? {
              attachments: mail.inlineImages.map((image) => ({
                cid: image.cid,
                filename: image.filename,
                contentType: image.contentType,
                content: image.content,
                contentDisposition: 'inline' as const,
              })),
            }
          : {}),
      };
    };
    // nodemailer loads with the first mail sent; a server without SMTP never needs it.
    let transport: Promise<Transporter> | undefined;
    return {
      mode: 'smtp',
      async send(message: MailMessage) {
        transport ??= import('./smtp-transport.ts').then(({ createSmtpTransport }) =>
          createSmtpTransport(smtpUrl),
        );
        transport.catch(() => (transport = undefined));
        const smtp = await transport;
        const info = await smtp.sendMail(composed(message));
        deps.log.info({ to: message.to, kind: message.kind, messageId: info.messageId }, 'mail sent');
      },
      async deliver(message: MailMessage, tracking: TrackedSend) {
        const { sendTracked } = await import('./smtp-transport.ts');
        const result = await sendTracked(smtpUrl, composed(message), tracking);
        deps.log.info({ to: message.to, kind: message.kind, messageId: tracking.messageId }, 'mail sent');
        return result;
      },
    };
  }

  const outbox = createMailOutboxRepository(deps.database);
  const keep = async (message: MailMessage) => {
    const mail = renderMail(message);
    await outbox.insert({
      id: crypto.randomBytes(12).toString('base64url'),
      to: message.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      kind: message.kind,
      language: message.language,
      createdAt: now(),
    });
    deps.log.info(
      { to: message.to, kind: message.kind, links: extractLinks(mail.text) },
      'mail kept in the local outbox (no SMTP_URL): open /mailbox or follow the links',
    );
  };
  return {
    mode: 'outbox',
    send: keep,
    async deliver(message: MailMessage, tracking: TrackedSend) {
      await tracking.beforeBody();
      await keep(message);
      return { response: 'kept in the local outbox' };
    },
  };
}
