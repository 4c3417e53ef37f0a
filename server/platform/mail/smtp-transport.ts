import nodemailer, { type Transporter } from 'nodemailer';

/** The SMTP server of `SMTP_URL` (nodemailer), apart so that only a server sending mail itself loads it. */
export function createSmtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}
