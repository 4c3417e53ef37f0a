import { describe, expect, it } from 'vitest';
import { addressFormOf, type AddressForm } from '../cards/address-form.ts';
import { greetingText } from '../voice/greeting.ts';
import ar from './locales/ar.json';
import ru from './locales/ru.json';
import { createTranslator, textAt, type Messages } from './translator.ts';

/**
 * What a recipient and an invitation's guest read, in the words of one register per card (Russian "ты" or
 * "вы", never both) and without guessing the sender's gender: a past-tense verb of the sender ("приготовил(а)")
 * agrees with a gender nobody told us, so those texts use the present tense or no verb of the sender.
 */

/**
 * What a share link shows before a card is known, or instead of one (not ready, removed, not found, past its
 * view limit, the generic link preview): no card gives a register there, so those speak the app's "вы".
 */
const NO_CARD = [
  'recipient.documentTitleLoading',
  'recipient.loading',
  'recipient.notReadyText',
  'recipient.removedText',
  'recipient.notFoundTitle',
  'recipient.notFoundText',
  'recipient.visitHome',
  'recipient.viewLimitText',
  'recipient.preview.genericTitle',
  'recipient.preview.genericDescription',
  'recipient.preview.genericHeadline',
];

/** Every text the recipient page of a card shows (the page itself, its cover and open card, its preview). */
const CARD_PAGE = [
  'recipient',
  'faq.items.recognitionTips.answer',
  'overview.clickToOpen',
  'overview.tapToOpen',
  'overview.clickMe',
  'overview.tapMe',
  'overview.to',
  'overview.from',
  'overview.closeCard',
  'overview.openCardLabel',
  'overview.voiceMessage',
  'overview.recipientImage',
  'overview.voice',
  'replies.reply',
  'keepsake',
  'keepsakeVideo',
];

/** What a guest of an invitation reads besides the card's page: the event, the reply and the guests' mails. */
const GUEST_SIDE = [
  'invitation.event',
  'invitation.preview',
  'invitation.rsvp',
  'mail.greeting',
  'mail.greetingNoName',
  'mail.linkHint',
  'mail.signature',
  'mail.footer',
  'mail.waitlistMovedUp',
  'mail.rsvpReminder',
  'mail.eventReminder',
  'mail.eventChanged',
  'mail.event',
  'mail.unsubscribe',
  'mail.eventCancelled',
  'mail.hostMessage',
];

const CONTEXT_SUFFIX = /_(informal|formal)$/;

/** The keys under a path (a text or a section), without their register variants. */
function keysUnder(messages: Messages, path: string): string[] {
  const node = path
    .split('.')
    .reduce<Messages | string | undefined>(
      (at, part) => (at === undefined || typeof at === 'string' ? undefined : at[part]),
      messages,
    );
  if (node === undefined) throw new Error(`no text at ${path}`);
  if (typeof node === 'string') return [path];
  return Object.keys(node)
    .filter((key) => !CONTEXT_SUFFIX.test(key))
    .flatMap((key) => keysUnder(messages, `${path}.${key}`));
}

const ruText = createTranslator('ru', ru);
const values = { name: 'Саша', sender: 'Саша', title: 'Праздник', count: 2, max: 3 };

/** Russian words of the "ты" register: the pronoun in every case, the possessive, a "ты" imperative we use. */
const TY =
  /(?<!\p{L})(ты|тебя|тебе|тобой|тво[йяеёию]\p{L}*|нажми|открой|держи|смотри|выбери|добавь|отправь|порадуй)(?!\p{L})/iu;
/** Russian words of the "вы" register: the pronoun in every case, the possessive, a "вы" imperative. */
const VY = /(?<!\p{L})(вы|вас|вам|вами|ваш\p{L}*|\p{L}+(?:ите|йте))(?!\p{L})/iu;
/** A guessed gender: "(а)", "(ла)", "(ая)"… after a word. */
const GUESSED_GENDER = /\p{L}\((а|ла|ая|ый|ой|ен|на|ась)\)/u;
/** The sender as the subject of a past-tense verb ("{{name}} приготовил"), whose ending would state a gender. */
const SENDER_PAST = /\{\{(name|sender)\}\}\s+\p{L}+л[аио]?(?!\p{L})/u;

describe('the Russian recipient side', () => {
  it.each<AddressForm>(['informal', 'formal'])("speaks one register on a card's page (%s)", (form) => {
    const mixed: string[] = [];
    const keys = CARD_PAGE.flatMap((path) => keysUnder(ru, path)).filter((key) => !NO_CARD.includes(key));
    for (const key of keys) {
      const text = ruText.t(key, { ...values, context: form });
      if ((form === 'informal' ? VY : TY).test(text)) mixed.push(`${key}: ${text}`);
    }
    expect(mixed).toEqual([]);
  });

  it('speaks "вы" to an invitation\'s guests, on their page and in their mails, and where there is no card', () => {
    const mixed = [...GUEST_SIDE, ...NO_CARD]
      .flatMap((path) => keysUnder(ru, path))
      .map((key) => `${key}: ${ruText.t(key, values)}`)
      .filter((line) => TY.test(line));
    expect(mixed).toEqual([]);
  });

  it("never guesses the sender's gender", () => {
    const guessed = [...CARD_PAGE, ...GUEST_SIDE]
      .flatMap((path) => keysUnder(ru, path))
      .flatMap((key) => [textAt(ru, key)!, textAt(ru, `${key}_informal`)].filter(Boolean))
      .filter((text) => GUESSED_GENDER.test(text!) || SENDER_PAST.test(text!));
    expect(guessed).toEqual([]);
  });

  it("greets in the card's register", () => {
    const informal = greetingText('ru', 'Маша', 'Саша', 'informal');
    const formal = greetingText('ru', 'Маша', 'Саша', 'formal');
    expect(informal).toMatch(TY);
    expect(informal).not.toMatch(VY);
    expect(formal).toMatch(VY);
    expect(formal).not.toMatch(TY);
    expect(formal).not.toMatch(/Привет/);
  });
});

describe("a card's register", () => {
  const card = (message: string, invitation: object | null = null) => ({ message, invitation });

  it('follows the words of the message: "вы" when it says "вы" and never "ты"', () => {
    expect(addressFormOf(card('Поздравляю Вас с юбилеем! Желаю Вам здоровья.'))).toBe('formal');
    expect(addressFormOf(card('Маша и Петя, поздравляю вас со свадьбой!'))).toBe('formal');
    expect(addressFormOf(card('С днём рождения! Желаю тебе счастья.'))).toBe('informal');
    expect(addressFormOf(card('Ты лучшая, и ваш дом тоже!'))).toBe('informal');
  });

  it('is "ты" when the message says neither: a greeting card mostly goes to someone close', () => {
    expect(addressFormOf(card('С днём рождения!'))).toBe('informal');
    expect(addressFormOf(card('Happy birthday!'))).toBe('informal');
  });

  it('is "вы" for an invitation, written to its guests', () => {
    expect(addressFormOf(card('Приходи на мой день рождения!', {}))).toBe('formal');
  });
});

describe('the Arabic recipient side', () => {
  /** The sender or the host, as a text names them. */
  const SENDER = /\{\{(name|sender)\}\}|المُرسِل|المرسل|المضيف/u;
  /** Verbs whose ending would state the sender's or the host's gender, with them as the subject. */
  const SENDER_VERB =
    /(?<!\p{L})(أرسل|أرسلت|صنع|صنعت|أعدّ|أعدت|حذفها|حذف|يُكمل|يكمل|يُكملها|يكملها|غيّر|ألغى|يرسل|يعرف)(?!\p{L})/u;

  it('states no gender of the sender or the host', () => {
    const gendered = [...CARD_PAGE, ...GUEST_SIDE]
      .flatMap((path) => keysUnder(ar, path))
      .map((key) => `${key}: ${textAt(ar, key)!}`)
      .filter((line) => SENDER.test(line) && SENDER_VERB.test(line));
    expect(gendered).toEqual([]);
  });
});
