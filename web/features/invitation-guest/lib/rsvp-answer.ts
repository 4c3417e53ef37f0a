import type { Rsvp, RsvpInput } from '../../../../shared/invitations/guests.contract.ts';
import type { PublicInvitation } from '../../../../shared/invitations/invitation.contract.ts';
import type { RsvpStatus } from '../../../../shared/invitations/rsvp-rules.ts';
import { INVALID_CHARACTERS } from '../../../../shared/text/text-issues.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * A guest's reply as the form holds it (DESIGN §1.20), checked before it is sent (`replyIssues`, in
 * rsvp-checks.ts, loaded with the contract's schemas when the form is first used), and the server's refusals
 * tied to the same fields. What was typed stays in the form whatever happens: a plus-one's name typed before
 * the headcount went down comes back when it goes up again.
 */

/** The form's fields, as its inputs hold them. */
export interface RsvpFormValues {
  /** The open group link's guest types their name; a guest's own link knows it. */
  name: string;
  status: RsvpStatus | '';
  /** The guest and their plus-ones, as the select holds it. */
  headcount: string;
  /** One field per plus-one the guest may bring. */
  plusOneNames: string[];
  /** Question id → the answer typed or chosen, '' for none. */
  answers: Record<string, string>;
  note: string;
}

/** What the form needs to know of the invitation and the guest. */
export interface ReplyRules {
  questions: PublicInvitation['questions'];
  maxPlusOnes: number;
  /** The open group link: the guest's name is asked too. */
  withName: boolean;
}

/** Field (a form path: `name`, `status`, `plusOneNames.0`, `answers.meal`…) → the locale key of its message. */
export type FieldIssues = Record<string, string>;

/** Whether a reply brings people: a no counts nobody, and asks neither plus-ones nor the host's questions. */
export const comes = (status: RsvpFormValues['status']) => status === 'yes' || status === 'maybe';

/** The form's first values: the guest's answer as it stands, or an empty reply. */
export function formValuesOf(rsvp: Rsvp | null, rules: ReplyRules): RsvpFormValues {
  const answered = rsvp !== null && rsvp.state !== 'pending';
  const status: RsvpFormValues['status'] = !answered
    ? ''
    : rsvp.state === 'waitlisted'
      ? 'yes'
      : (rsvp.state as RsvpStatus);
  const headcount = answered ? Math.min(Math.max(rsvp.headcount, 1), 1 + rules.maxPlusOnes) : 1;
  return {
    name: '',
    status,
    headcount: String(headcount),
    plusOneNames: Array.from({ length: rules.maxPlusOnes }, (_, index) =>
      answered ? (rsvp.plusOneNames[index] ?? '') : '',
    ),
    answers: Object.fromEntries(
      rules.questions.map((question) => [question.id, answered ? (rsvp.answers[question.id] ?? '') : '']),
    ),
    note: answered ? rsvp.note : '',
  };
}

/** The headcount the form holds, within what the guest may bring. */
function headcountOf(values: RsvpFormValues, rules: ReplyRules): number {
  const count = Number.parseInt(values.headcount, 10);
  return Number.isFinite(count) ? Math.min(Math.max(count, 1), 1 + rules.maxPlusOnes) : 1;
}

/**
 * The answer the form sends: the status and, when the guest comes, the headcount, the names typed for the
 * plus-ones coming and the questions answered; a no sends none of them (the open link adds the name). Check
 * it with `replyIssues` (rsvp-checks.ts) first.
 */
export function rsvpInputOf(values: RsvpFormValues, rules: ReplyRules): RsvpInput {
  const coming = comes(values.status);
  const headcount = coming ? headcountOf(values, rules) : 1;
  return {
    status: values.status as RsvpStatus,
    headcount,
    plusOneNames: values.plusOneNames
      .slice(0, headcount - 1)
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    answers: coming
      ? Object.fromEntries(
          rules.questions
            .map((question) => [question.id, values.answers[question.id]?.trim() ?? ''] as const)
            .filter(([, answer]) => answer !== ''),
        )
      : {},
    note: values.note,
  };
}

/** The locale key of a refusal's message (the contract's codes, `rsvpIssue`'s, the text rule's). */
export function issueKey(field: string, message: string, code?: string): string {
  if (message === INVALID_CHARACTERS) return 'errors.invalid-characters';
  if (message === 'too-long') return 'invitation.rsvp.errors.too-long';
  if (field === 'name' && (code === 'too_small' || message === 'required')) {
    return 'invitation.rsvp.errors.name-required';
  }
  if (['too-many-plus-ones', 'unknown-choice', 'unknown-question'].includes(message)) {
    return `invitation.rsvp.errors.${message}`;
  }
  return 'errors.validation-failed';
}

/** A refused path of the request as the form's field: a plus-one's name in the list, its fieldset. */
export function fieldOf(path: string): string {
  return path.startsWith('plusOneNames') ? 'plusOneNames' : path;
}

/** The fields a `validation-failed` answer of the server names (`details: [{path, message}]`). */
export function serverIssues(error: unknown): FieldIssues {
  if (!(error instanceof ApiRequestError) || error.code !== 'validation-failed') return {};
  if (!Array.isArray(error.details)) return {};
  const issues: FieldIssues = {};
  for (const detail of error.details as unknown[]) {
    const { path, message } = (detail ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = fieldOf(path);
    issues[field] ??= issueKey(field, message);
  }
  return issues;
}

/** When replies close, as the invitation says it: the deadline, else the event's start. */
export function repliesCloseAt(invitation: Pick<PublicInvitation, 'rsvpByUtc' | 'startsAtUtc'>): Date {
  return new Date(invitation.rsvpByUtc ?? invitation.startsAtUtc);
}

/** The host's reply deadline as people read it: its day and time in the event's zone, in `language`. */
export function deadlineText(
  invitation: Pick<PublicInvitation, 'rsvpByUtc' | 'timeZone'>,
  language: string,
): string | null {
  if (invitation.rsvpByUtc === null) return null;
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: invitation.timeZone,
    timeZoneName: 'short',
  }).format(new Date(invitation.rsvpByUtc));
}
