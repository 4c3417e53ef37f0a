import { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { TrackedSend } from './mail-messages.ts';

/** The SMTP server of `SMTP_URL` (nodemailer), apart so that only a server sending mail itself loads it. */
export function createSmtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

type ComposerOptions = ConstructorParameters<typeof MailComposer>[0];

/**
 * Sends one mail on a connection of its own and tells `tracking` the moment its body starts to travel.
 * nodemailer's transport cannot: it starts reading the message into a buffer before MAIL FROM. Here the
 * message is a stream nobody reads until SMTPConnection pipes it, which it does only after the server answered
 * DATA (354): its first read runs `tracking.beforeBody()` and only then yields the bytes. Everything before
 * that point (connection, envelope, a refused recipient) fails before anything is recorded; a failure of
 * `beforeBody` destroys the stream, the connection closes without the final dot and the server drops it.
 */
export async function sendTracked(
  smtpUrl: string,
  mail: ComposerOptions & { from: string; to: string },
  tracking: TrackedSend,
): Promise<{ response: string }> {
  const composed = new MailComposer({ ...mail, messageId: tracking.messageId }).compile();
  const envelope = composed.getEnvelope();
  const raw = await composed.build();
  let started = false;
  const body = new Readable({
    read() {
      if (started) return;
      started = true;
      tracking.beforeBody().then(
        () => {
          this.push(raw);
          this.push(null);
        },
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  const options = parseConnectionUrl(smtpUrl);
  const connection = new SMTPConnection({
    ...options,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  try {
    return await new Promise<{ response: string }>((resolve, reject) => {
      connection.once('error', reject);
      connection.connect((connectError) => {
        if (connectError) return reject(connectError);
        const send = () =>
          connection.send({ from: envelope.from || '', to: envelope.to }, body, (sendError, info) => {
            if (sendError) return reject(sendError);
            resolve({ response: info.response ?? '' });
          });
        if (!options.auth) return send();
        connection.login(options.auth, (loginError) => (loginError ? reject(loginError) : send()));
      });
    });
  } finally {
    body.destroy();
    connection.quit();
  }
}
