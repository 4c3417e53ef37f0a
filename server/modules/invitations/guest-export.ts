import { stringify } from 'csv-stringify/sync';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { InvitationRecord } from '../cards/card-invitation.ts';
import { translatorFor } from '../../platform/i18n/translator.ts';
import type { GuestRecord } from './guests.repository.ts';
import { waitlistPosition } from './seating.ts';

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+`, `-`, `@`, or a leading tab or carriage
 * return) gets a leading apostrophe, which spreadsheets show as text (OWASP's CSV injection advice): names,
 * notes and answers are typed by guests.
 */
export function asSpreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The host's guest list as a CSV file in their language: one row a guest, a column per question, in the order
 * guests were added. UTF-8 with a BOM, so Excel reads Arabic and Cyrillic names; CRLF line ends.
 */
export function guestListCsv(
  guests: readonly GuestRecord[],
  invitation: InvitationRecord,
  options: { language: Language; linkOf: (guest: GuestRecord) => string },
): string {
  const t = translatorFor(options.language);
  const header = [
    t('guestList.csv.name'),
    t('guestList.csv.email'),
    t('guestList.csv.answer'),
    t('guestList.csv.headcount'),
    t('guestList.csv.plusOnes'),
    ...invitation.questions.map((question) => question.prompt),
    t('guestList.csv.note'),
    t('guestList.csv.waitlistPosition'),
    t('guestList.csv.opened'),
    t('guestList.csv.answeredAt'),
    t('guestList.csv.link'),
  ];
  const rows = guests.map((guest) => [
    guest.name,
    guest.email ?? '',
    t(`guestList.csv.states.${guest.state}`),
    String(guest.headcount),
    guest.plusOneNames.join(', '),
    ...invitation.questions.map((question) => guest.answers[question.id] ?? ''),
    guest.note,
    String(waitlistPosition(guest, guests) ?? ''),
    guest.openedAt?.toISOString() ?? '',
    guest.answeredAt?.toISOString() ?? '',
    options.linkOf(guest),
  ]);
  return `\uFEFF${stringify(
    [header, ...rows].map((row) => row.map(asSpreadsheetText)),
    { record_delimiter: 'windows' },
  )}`;
}
