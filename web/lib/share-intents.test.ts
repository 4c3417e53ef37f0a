import { describe, expect, it } from 'vitest';
import { shareIntents } from './share-intents.ts';

const link = 'https://winc.example/c/Ab-9_xY';
const message = { subject: 'A WINC for you', text: 'I made you a card. Open it here:' };

describe('shareIntents: links that hand the card link to an app, with no SDK', () => {
  const intents = Object.fromEntries(shareIntents(link, message).map((intent) => [intent.app, intent.href]));

  it('offers WhatsApp, Telegram, SMS and email, in that order', () => {
    expect(shareIntents(link, message).map((intent) => intent.app)).toEqual([
      'whatsapp',
      'telegram',
      'sms',
      'email',
    ]);
  });

  it('puts the text and the link in WhatsApp’s one text parameter', () => {
    const url = new URL(intents.whatsapp!);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(`${message.text} ${link}`);
  });

  it('gives Telegram the link and the text apart', () => {
    const url = new URL(intents.telegram!);
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(link);
    expect(url.searchParams.get('text')).toBe(message.text);
  });

  it('writes the SMS as sms:?&body=, which both iOS and Android read', () => {
    expect(intents.sms).toBe(`sms:?&body=${encodeURIComponent(`${message.text} ${link}`)}`);
  });

  it('writes the mail with a subject and the link in its body, spaces as %20 (mail apps show a + as is)', () => {
    expect(intents.email).toBe(
      `mailto:?subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(`${message.text}\n${link}`)}`,
    );
    expect(intents.email).not.toContain('+');
  });

  it('encodes text in any script so the link survives whole', () => {
    const arabic = shareIntents(link, { subject: 'بطاقة WINC لك', text: 'صنعت لك بطاقة & افتحها:' });
    const whatsapp = new URL(arabic.find((intent) => intent.app === 'whatsapp')!.href);
    expect(whatsapp.searchParams.get('text')).toBe(`صنعت لك بطاقة & افتحها: ${link}`);
  });
});
