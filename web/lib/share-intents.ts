/**
 * Share intents: plain links that open an app with the card's link already written, for browsers without a
 * native share sheet (most desktops) and for people who want one app directly. No SDK and no request of ours:
 * the app at the other end reads its URL.
 */

export type ShareApp = 'whatsapp' | 'telegram' | 'sms' | 'email';

export interface ShareIntent {
  app: ShareApp;
  href: string;
}

/** The short text sent with the link, and a mail's subject; both in the sender's language. */
export interface ShareMessage {
  subject: string;
  text: string;
}

/**
 * Each app's link to `link` with `message`. Parameters are percent-encoded (`encodeURIComponent`): mail apps
 * show a `+` as a plus, not a space. SMS uses `sms:?&body=`, the one form both iOS and Android read.
 */
export function shareIntents(link: string, message: ShareMessage): ShareIntent[] {
  const encode = encodeURIComponent;
  const textAndLink = `${message.text} ${link}`;
  return [
    { app: 'whatsapp', href: `https://wa.me/?text=${encode(textAndLink)}` },
    { app: 'telegram', href: `https://t.me/share/url?url=${encode(link)}&text=${encode(message.text)}` },
    { app: 'sms', href: `sms:?&body=${encode(textAndLink)}` },
    {
      app: 'email',
      href: `mailto:?subject=${encode(message.subject)}&body=${encode(`${message.text}\n${link}`)}`,
    },
  ];
}
