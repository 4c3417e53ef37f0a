import {
  guestImportIssueSchema,
  type GuestImportIssue,
} from '../../../../shared/invitations/guests.contract.ts';
import type { TFunction } from '../../../../shared/i18n/translator.ts';
import { ApiRequestError, hasErrorCode } from '../../../lib/api-client.ts';

/**
 * What the server refuses when guests are added (DESIGN §1.20): a list whose rows it refused, by line (all or
 * nothing is added), or more guests than the plan allows.
 */

/** The reasons a row, or a whole list (line 0), is refused, as this browser words them. */
const IMPORT_ISSUES = [
  'required',
  'too-long',
  'invalid-email',
  'invalid-plus-ones',
  'duplicate',
  'invalid-characters',
  'unreadable-row',
  'too-many-rows',
  'not-utf8',
  'empty',
] as const;

/** The refused rows of a `guest-list-invalid` answer, by line and each once; null for any other failure. */
export function importIssuesOf(error: unknown): GuestImportIssue[] | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'guest-list-invalid') return null;
  const details: unknown[] = Array.isArray(error.details) ? error.details : [];
  const seen = new Set<string>();
  return details
    .flatMap((detail) => {
      const parsed = guestImportIssueSchema.safeParse(detail);
      return parsed.success ? [parsed.data] : [];
    })
    .filter((issue) => {
      const key = `${issue.line}:${issue.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.line - b.line);
}

/** A refusal as the host reads it: "Line 3: not a valid email", or the whole list's reason. */
export function importIssueText(issue: GuestImportIssue, t: TFunction): string {
  const reason = (IMPORT_ISSUES as readonly string[]).includes(issue.message)
    ? issue.message
    : 'unreadable-row';
  const message = t(`guestList.add.issues.${reason}`);
  return issue.line > 0 ? t('guestList.add.line', { line: issue.line, message }) : message;
}

/**
 * The plan's limit and the guests already invited, from a `guest-limit-reached` answer (either may be
 * unknown); null for any other failure.
 */
export function guestLimitReached(error: unknown): { limit: number | null; guests: number | null } | null {
  if (!hasErrorCode(error, 'guest-limit-reached')) return null;
  const details = (error as ApiRequestError).details as { limit?: unknown; guests?: unknown } | undefined;
  const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
  return { limit: count(details?.limit), guests: count(details?.guests) };
}
