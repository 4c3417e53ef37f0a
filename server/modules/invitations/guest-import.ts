import { parse, type CsvError } from 'csv-parse/sync';
import {
  GUEST_IMPORT_MAX_ROWS,
  guestInputSchema,
  type GuestImportIssue,
  type GuestValues,
} from '../../../shared/invitations/guests.contract.ts';

/**
 * A guest list pasted or uploaded by a host (DESIGN §1.20): one guest a row — name, then optionally email and
 * plus-ones — separated by commas, semicolons (what Excel writes where the comma is a decimal mark) or tabs
 * (a paste from a spreadsheet), with or without a header row. "Name <email>" in one cell is understood too.
 * Every row must be good, or nothing is added: the answer is then every refused row, by its line.
 */

/** Header cells of a name column, in the languages of the app. */
const NAME_HEADERS = [
  'name',
  'full name',
  'guest',
  'guests',
  'names',
  'الاسم',
  'اسم',
  'الضيف',
  'имя',
  'гость',
  'фио',
];
// Built from strings: the server bundle keeps its sources Latin-1 (esbuild escapes strings, not a `u` regex).
const NAME_HEADER = new RegExp(`^(${NAME_HEADERS.join('|')})$`, 'iu');
const NAME_WITH_EMAIL = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/u;

/** The text of an uploaded file: UTF-8 (with or without its BOM) or UTF-16 with its BOM; null otherwise. */
export function decodeGuestList(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    // Strict: a file saved in a legacy code page (Windows-1256 Arabic, Windows-1251 Cyrillic) is refused with
    // a clear message rather than read as garbled names.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

const messageOf = (field: PropertyKey | undefined, message: string): string => {
  if (field === 'email') return 'invalid-email';
  if (field === 'maxPlusOnes') return 'invalid-plus-ones';
  return message === 'invalid-characters' || message === 'too-long' ? message : 'required';
};

/**
 * The guests of a list, or the issues of its rows. `known` are the keys of the guests already invited
 * (`guestKey`): one of them again is a duplicate, like a row that repeats an earlier one.
 */
export function readGuestList(
  text: string,
  known: ReadonlySet<string>,
): { guests: Array<GuestValues & { line: number }> } | { issues: GuestImportIssue[] } {
  const issues: GuestImportIssue[] = [];
  const rows = parse(text, {
    delimiter: [',', ';', '\t'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      issues.push({ line: Number(error?.lines ?? 0), message: 'unreadable-row' });
    },
  }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  if (rows.length > GUEST_IMPORT_MAX_ROWS) return { issues: [{ line: 0, message: 'too-many-rows' }] };

  const seen = new Set(known);
  const guests: Array<GuestValues & { line: number }> = [];
  rows.forEach(({ record, info }, index) => {
    const [first = '', second = '', third = ''] = record;
    if (index === 0 && NAME_HEADER.test(first)) return;
    if (record.every((cell) => cell === '')) return;
    const inline = NAME_WITH_EMAIL.exec(first);
    const plusOnes = third === '' ? null : /^\d{1,2}$/.test(third) ? Number(third) : Number.NaN;
    const parsed = guestInputSchema.safeParse({
      name: inline ? inline[1] : first,
      email: second !== '' ? second : (inline?.[2] ?? ''),
      maxPlusOnes: Number.isNaN(plusOnes) ? -1 : plusOnes,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      issues.push({ line: info.lines, message: messageOf(issue.path[0], issue.message) });
      return;
    }
    const key = guestKey(parsed.data);
    if (seen.has(key)) {
      issues.push({ line: info.lines, message: 'duplicate' });
      return;
    }
    seen.add(key);
    guests.push({ ...parsed.data, line: info.lines });
  });
  if (issues.length > 0) return { issues: issues.sort((a, b) => a.line - b.line) };
  return { guests };
}

/**
 * What makes two guests the same: their email, or — for guests without one — their name, whatever its case
 * (a list that names "Ahmed" twice without an address is a list with a row pasted twice).
 */
export function guestKey(guest: { name: string; email: string | null }): string {
  return guest.email ?? `name:${guest.name.toLocaleLowerCase()}`;
}
