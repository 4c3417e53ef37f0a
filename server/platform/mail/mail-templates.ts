import type { TFunction } from '../../../shared/i18n/translator.ts';
import { textDirection, type Language } from '../../../shared/i18n/languages.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { translatorFor } from '../i18n/translator.ts';
import type { MailMessage } from './mail-messages.ts';

/** A mail ready to send: localized subject, an HTML body and the same content as plain text. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Where replies should go (a help request is answered to the person who asked, not to us). */
  replyTo?: string;
  /** A one-click unsubscribe URL (RFC 8058), for mails a guest may stop. */
  unsubscribeUrl?: string;
  /** A calendar invitation sent as the mail's `text/calendar` alternative. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** Images the HTML shows inline (`cid:` URLs), sent as related parts. */
  inlineImages?: InlineImage[];
}

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The content of a mail as a few kinds of blocks, rendered twice (HTML and text) so both bodies always say
 * the same thing. Values in blocks are raw text; the HTML renderer escapes every one of them.
 */
type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'action'; label: string; url: string; hint: string }
  | { type: 'facts'; rows: { label: string; value: string }[] }
  | { type: 'quote'; label: string; text: string }
  | { type: 'note'; text: string }
  | { type: 'image'; cid: string; alt: string; url: string };

interface MailContent {
  subject: string;
  /** The first line mail apps show in the inbox list. */
  preview: string;
  blocks: Block[];
  replyTo?: string;
  unsubscribeUrl?: string;
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  inlineImages?: InlineImage[];
}

/** The content id of a delivered card's preview image. */
const CARD_PREVIEW_CID = 'card-preview@winc';

/** An event's time and place as a mail's facts (no place row when the host gave none). */
function eventFacts(t: TFunction, event: { when: string; place: string }) {
  return [
    { label: t('mail.event.when'), value: event.when },
    ...(event.place === '' ? [] : [{ label: t('mail.event.where'), value: event.place }]),
  ];
}

/** Language names as each language writes them, for the support copy of a help request. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', ru: 'Русский' };

/** The app's brand colours (web/styles/app.css), inlined because mail clients ignore stylesheets. */
const BRAND = {
  plum700: '#7c2a68',
  plum900: '#4f1d44',
  plum100: '#f6e6f2',
  plum50: '#fbf3f9',
  coral500: '#fb6340',
  cream: '#fffaf7',
  ink: '#2a1424',
  muted: '#6a5565',
} as const;

const FONT = "'Nunito', 'Segoe UI', 'Noto Kufi Arabic', Tahoma, Arial, sans-serif";

/** Escaped text whose line breaks survive in HTML (descriptions are multi-line). */
function htmlLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

function accountMail(
  t: TFunction,
  key: 'verifyEmail' | 'resetPassword' | 'confirmEmailChange' | 'signInLink',
  message: { name: string; url: string; newEmail?: string; minutes?: number },
): MailContent {
  const values = {
    name: message.name,
    newEmail: message.newEmail ?? '',
    minutes: String(message.minutes ?? ''),
  };
  return {
    subject: t(`mail.${key}.subject`),
    preview: t(`mail.${key}.intro`, values),
    blocks: [
      {
        type: 'paragraph',
        text: message.name.trim()
          ? t('mail.greeting', { name: message.name.trim() })
          : t('mail.greetingNoName'),
      },
      { type: 'paragraph', text: t(`mail.${key}.intro`, values) },
      { type: 'action', label: t(`mail.${key}.button`), url: message.url, hint: t('mail.linkHint') },
      { type: 'note', text: t(`mail.${key}.ignore`) },
    ],
  };
}

function contentOf(message: MailMessage, t: TFunction): MailContent {
  switch (message.kind) {
    case 'verify-email':
      return accountMail(t, 'verifyEmail', message);
    case 'reset-password':
      return accountMail(t, 'resetPassword', message);
    case 'confirm-email-change':
      return accountMail(t, 'confirmEmailChange', message);
    case 'sign-up-attempt':
      return {
        subject: t('mail.signUpAttempt.subject'),
        preview: t('mail.signUpAttempt.intro', { email: message.to }),
        blocks: [
          {
            type: 'paragraph',
            text: message.name.trim()
              ? t('mail.greeting', { name: message.name.trim() })
              : t('mail.greetingNoName'),
          },
          { type: 'paragraph', text: t('mail.signUpAttempt.intro', { email: message.to }) },
          { type: 'paragraph', text: t('mail.signUpAttempt.ifYou') },
          {
            type: 'action',
            label: t('mail.signUpAttempt.signIn'),
            url: message.signInUrl,
            hint: t('mail.linkHint'),
          },
          {
            type: 'action',
            label: t('mail.signUpAttempt.resetPassword'),
            url: message.resetPasswordUrl,
            hint: t('mail.linkHint'),
          },
          { type: 'note', text: t('mail.signUpAttempt.ifNotYou') },
        ],
      };
    case 'sign-in-link':
      return accountMail(t, 'signInLink', message);
    case 'help-request':
      return {
        subject: t('mail.helpRequest.subject', { requestId: message.requestId, email: message.fromEmail }),
        preview: t('mail.helpRequest.intro'),
        replyTo: message.fromEmail,
        blocks: [
          { type: 'paragraph', text: t('mail.helpRequest.intro') },
          {
            type: 'facts',
            rows: [
              { label: t('mail.helpRequest.reference'), value: message.requestId },
              { label: t('mail.helpRequest.from'), value: message.fromEmail },
              { label: t('mail.helpRequest.phone'), value: message.phone ?? t('mail.helpRequest.noPhone') },
              ...(message.requesterLanguage
                ? [
                    {
                      label: t('mail.helpRequest.language'),
                      value: LANGUAGE_NAMES[message.requesterLanguage],
                    },
                  ]
                : []),
            ],
          },
          { type: 'quote', label: t('mail.helpRequest.description'), text: message.description },
          { type: 'note', text: t('mail.helpRequest.replyHint') },
        ],
      };
    case 'card-opened':
      return {
        subject: t('mail.cardOpened.subject', { recipient: message.recipientName }),
        preview: t('mail.cardOpened.intro', { recipient: message.recipientName }),
        blocks: [
          {
            type: 'paragraph',
            text: message.name ? t('mail.greeting', { name: message.name }) : t('mail.greetingNoName'),
          },
          { type: 'paragraph', text: t('mail.cardOpened.intro', { recipient: message.recipientName }) },
          { type: 'action', label: t('mail.cardOpened.button'), url: message.url, hint: t('mail.linkHint') },
          { type: 'note', text: t('mail.cardOpened.note') },
        ],
      };
    case 'view-limit-reached': {
      const values = { recipient: message.recipientName, count: message.limit };
      return {
        subject: t('mail.viewLimitReached.subject', values),
        preview: t('mail.viewLimitReached.intro', values),
        blocks: [
          {
            type: 'paragraph',
            text: message.name ? t('mail.greeting', { name: message.name }) : t('mail.greetingNoName'),
          },
          { type: 'paragraph', text: t('mail.viewLimitReached.intro', values) },
          {
            type: 'paragraph',
            text: message.offer
              ? t('mail.viewLimitReached.offer', {
                  count: message.offer.limit,
                  credits: message.offer.credits,
                })
              : t('mail.viewLimitReached.noOffer'),
          },
          {
            type: 'action',
            label: t(message.offer ? 'mail.viewLimitReached.button' : 'mail.cardOpened.button'),
            url: message.url,
            hint: t('mail.linkHint'),
          },
          { type: 'note', text: t('mail.viewLimitReached.note') },
        ],
      };
    }
    case 'waitlist-moved-up':
      return {
        subject: t('mail.waitlistMovedUp.subject', { title: message.title }),
        preview: t('mail.waitlistMovedUp.intro', { title: message.title }),
        blocks: [
          { type: 'paragraph', text: t('mail.greeting', { name: message.name }) },
          { type: 'paragraph', text: t('mail.waitlistMovedUp.intro', { title: message.title }) },
          {
            type: 'action',
            label: t('mail.waitlistMovedUp.button'),
            url: message.url,
            hint: t('mail.linkHint'),
          },
          { type: 'note', text: t('mail.waitlistMovedUp.note') },
        ],
      };
    case 'rsvp-reminder':
      return {
        subject: t('mail.rsvpReminder.subject', { title: message.title }),
        preview: t('mail.rsvpReminder.intro', { title: message.title, deadline: message.deadline }),
        unsubscribeUrl: message.unsubscribeUrl,
        blocks: [
          { type: 'paragraph', text: t('mail.greeting', { name: message.name }) },
          {
            type: 'paragraph',
            text: t('mail.rsvpReminder.intro', { title: message.title, deadline: message.deadline }),
          },
          { type: 'facts', rows: [{ label: t('mail.event.when'), value: message.when }] },
          {
            type: 'action',
            label: t('mail.rsvpReminder.button'),
            url: message.url,
            hint: t('mail.linkHint'),
          },
          { type: 'note', text: t('mail.event.unsubscribe', { url: message.unsubscribeUrl }) },
        ],
      };
    case 'event-reminder':
      return {
        subject: t('mail.eventReminder.subject', { title: message.title }),
        preview: t('mail.eventReminder.intro', { title: message.title }),
        unsubscribeUrl: message.unsubscribeUrl,
        blocks: [
          { type: 'paragraph', text: t('mail.greeting', { name: message.name }) },
          { type: 'paragraph', text: t('mail.eventReminder.intro', { title: message.title }) },
          { type: 'facts', rows: eventFacts(t, message) },
          { type: 'action', label: t('mail.event.button'), url: message.url, hint: t('mail.linkHint') },
          { type: 'note', text: t('mail.event.unsubscribe', { url: message.unsubscribeUrl }) },
        ],
      };
    case 'event-changed':
      return {
        subject: t('mail.eventChanged.subject', { title: message.title }),
        preview: t('mail.eventChanged.intro', { title: message.title }),
        unsubscribeUrl: message.unsubscribeUrl,
        calendar: { method: 'REQUEST', content: message.calendar },
        blocks: [
          { type: 'paragraph', text: t('mail.greeting', { name: message.name }) },
          { type: 'paragraph', text: t('mail.eventChanged.intro', { title: message.title }) },
          { type: 'facts', rows: eventFacts(t, message) },
          { type: 'action', label: t('mail.event.button'), url: message.url, hint: t('mail.linkHint') },
          { type: 'note', text: t('mail.event.unsubscribe', { url: message.unsubscribeUrl }) },
        ],
      };
    case 'host-message':
      return {
        subject: t('mail.hostMessage.subject', { sender: message.sender, title: message.title }),
        preview: message.text.slice(0, 120),
        unsubscribeUrl: message.unsubscribeUrl,
        blocks: [
          { type: 'paragraph', text: t('mail.greeting', { name: message.name }) },
          {
            type: 'paragraph',
            text: t('mail.hostMessage.intro', { sender: message.sender, title: message.title }),
          },
          { type: 'quote', label: t('mail.hostMessage.label'), text: message.text },
          { type: 'action', label: t('mail.event.button'), url: message.url, hint: t('mail.linkHint') },
          { type: 'note', text: t('mail.event.unsubscribe', { url: message.unsubscribeUrl }) },
        ],
      };
    case 'card-reply': {
      const { replier, reply } = message;
      const intro =
        reply.kind === 'text'
          ? t('replies.mail.wrote', { replier })
          : reply.kind === 'reaction'
            ? t('replies.mail.reacted', { replier, reaction: reply.reaction })
            : t(reply.kind === 'voice' ? 'replies.mail.voice' : 'replies.mail.video', { replier });
      return {
        subject: t('replies.mail.subject', { replier }),
        preview: reply.kind === 'text' ? reply.text.slice(0, 120) : intro,
        unsubscribeUrl: message.unsubscribeUrl,
        blocks: [
          { type: 'paragraph', text: t('mail.greeting', { name: message.name }) },
          { type: 'paragraph', text: intro },
          ...(reply.kind === 'text'
            ? [{ type: 'quote' as const, label: t('replies.mail.label'), text: reply.text }]
            : []),
          { type: 'action', label: t('replies.mail.button'), url: message.url, hint: t('mail.linkHint') },
          { type: 'note', text: t('replies.mail.unsubscribe', { url: message.unsubscribeUrl }) },
        ],
      };
    }
    case 'event-cancelled':
      return {
        subject: t('mail.eventCancelled.subject', { title: message.title }),
        preview: t('mail.eventCancelled.intro', { title: message.title, when: message.when }),
        calendar: { method: 'CANCEL', content: message.calendar },
        blocks: [
          { type: 'paragraph', text: t('mail.greeting', { name: message.name }) },
          {
            type: 'paragraph',
            text: t('mail.eventCancelled.intro', { title: message.title, when: message.when }),
          },
        ],
      };
    case 'card-delivery': {
      const values = { sender: message.sender, name: message.recipientName };
      return {
        subject: t('delivery.mail.subject', values),
        preview: t('delivery.mail.intro', values),
        unsubscribeUrl: message.unsubscribeUrl,
        ...(message.image
          ? {
              inlineImages: [
                {
                  cid: CARD_PREVIEW_CID,
                  filename: 'winc.jpg',
                  contentType: 'image/jpeg',
                  content: message.image,
                },
              ],
            }
          : {}),
        blocks: [
          {
            type: 'paragraph',
            text: message.recipientName
              ? t('mail.greeting', { name: message.recipientName })
              : t('mail.greetingNoName'),
          },
          { type: 'paragraph', text: t('delivery.mail.intro', values) },
          ...(message.image
            ? [
                {
                  type: 'image' as const,
                  cid: CARD_PREVIEW_CID,
                  alt: t('delivery.mail.imageAlt', values),
                  url: message.url,
                },
              ]
            : []),
          { type: 'action', label: t('delivery.mail.button'), url: message.url, hint: t('mail.linkHint') },
          { type: 'note', text: t('delivery.mail.why', values) },
          { type: 'note', text: t('delivery.mail.unsubscribe', { url: message.unsubscribeUrl }) },
        ],
      };
    }
    case 'help-receipt':
      return {
        subject: t('mail.helpReceipt.subject'),
        preview: t('mail.helpReceipt.intro'),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        blocks: [
          { type: 'paragraph', text: t('mail.greetingNoName') },
          { type: 'paragraph', text: t('mail.helpReceipt.intro') },
          {
            type: 'facts',
            rows: [{ label: t('mail.helpReceipt.reference'), value: message.requestId }],
          },
          { type: 'quote', label: t('mail.helpReceipt.yourMessage'), text: message.description },
          { type: 'note', text: t('mail.helpReceipt.note') },
        ],
      };
  }
}

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'image':
      return `<p style="margin:0 0 16px;"><a href="${escapeHtml(block.url)}"><img src="cid:${escapeHtml(block.cid)}" alt="${escapeHtml(block.alt)}" width="504" style="display:block;width:100%;max-width:504px;height:auto;border:0;border-radius:12px;"></a></p>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${htmlLines(block.text)}</p>`;
    case 'note':
      // A note may hold a long link (the unsubscribe one): it wraps rather than widen the mail past a phone.
      return `<p style="margin:24px 0 0;font-size:14px;color:${BRAND.muted};word-break:break-word;overflow-wrap:anywhere;">${htmlLines(block.text)}</p>`;
    case 'action': {
      const href = escapeHtml(block.url);
      return [
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>`,
        `<td style="border-radius:999px;background:${BRAND.plum700};">`,
        `<a href="${href}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:${BRAND.plum700};color:#ffffff;font-weight:700;font-size:16px;text-decoration:none;">${escapeHtml(block.label)}</a>`,
        `</td></tr></table>`,
        `<p style="margin:0 0 8px;font-size:13px;color:${BRAND.muted};">${escapeHtml(block.hint)}</p>`,
        `<p style="margin:0;font-size:13px;word-break:break-all;"><a href="${href}" style="color:${BRAND.plum700};">${href}</a></p>`,
      ].join('');
    }
    case 'facts':
      return [
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;">`,
        ...block.rows.map(
          (row) =>
            `<tr><td style="padding:4px 0;padding-inline-end:16px;color:${BRAND.muted};vertical-align:top;">${escapeHtml(row.label)}</td>` +
            `<td style="padding:4px 0;font-weight:700;word-break:break-word;">${escapeHtml(row.value)}</td></tr>`,
        ),
        `</table>`,
      ].join('');
    case 'quote':
      return [
        `<p style="margin:8px 0 6px;font-size:13px;font-weight:700;color:${BRAND.muted};">${escapeHtml(block.label)}</p>`,
        `<div style="margin:0 0 8px;padding:14px 16px;border-radius:12px;background:${BRAND.plum50};border:1px solid ${BRAND.plum100};white-space:pre-wrap;word-break:break-word;">${htmlLines(block.text)}</div>`,
      ].join('');
  }
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'image':
      return `[${block.alt}]`;
    case 'paragraph':
    case 'note':
      return block.text;
    case 'action':
      return `${block.label}:\n${block.url}`;
    case 'facts':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'quote':
      return `${block.label}:\n${block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n')}`;
  }
}

function renderHtml(content: MailContent, language: Language, t: TFunction): string {
  const dir = textDirection(language);
  // dir is repeated on the body and the outer table: several mail clients drop attributes of <html>.
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body dir="${dir}" style="margin:0;padding:0;background:${BRAND.cream};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preview)}</div>
<table role="presentation" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.cream};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${BRAND.plum100};border-radius:20px;font-family:${FONT};color:${BRAND.ink};">
<tr><td style="padding:20px 28px;border-radius:20px 20px 0 0;background:${BRAND.plum900};color:#ffffff;font-size:24px;font-weight:800;"><span dir="ltr" style="unicode-bidi:isolate;">Winc<span style="color:${BRAND.coral500};">.</span></span></td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.6;text-align:start;">
${content.blocks.map(blockHtml).join('\n')}
<p style="margin:24px 0 0;">${escapeHtml(t('mail.signature'))}</p>
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${BRAND.plum100};font-size:12px;line-height:1.5;color:${BRAND.muted};">${escapeHtml(t('mail.footer'))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderText(content: MailContent, t: TFunction): string {
  return [...content.blocks.map(blockText), t('mail.signature'), t('mail.footer')].join('\n\n') + '\n';
}

/** Renders a mail in its language: subject, HTML (right-to-left for Arabic) and plain text. */
export function renderMail(message: MailMessage): RenderedMail {
  const t = translatorFor(message.language);
  const content = contentOf(message, t);
  return {
    subject: content.subject,
    text: renderText(content, t),
    html: renderHtml(content, message.language, t),
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
    ...(content.unsubscribeUrl ? { unsubscribeUrl: content.unsubscribeUrl } : {}),
    ...(content.calendar ? { calendar: content.calendar } : {}),
    ...(content.inlineImages ? { inlineImages: content.inlineImages } : {}),
  };
}

/** Every http(s) link in a text body, once each and in order: what the outbox log and the mailbox show. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}
