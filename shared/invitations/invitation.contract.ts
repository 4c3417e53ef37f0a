import { z } from 'zod';
import { textSchema, wellFormedTextSchema } from '../text/names.ts';
import {
  canonicalTimeZone,
  instantOf,
  isLocalDateTime,
  LOCAL_DATE_TIME_PATTERN,
} from '../time/zoned-time.ts';
import {
  INVITATION_CAPACITY_MAX,
  INVITATION_NOTES_MAX_LENGTH,
  INVITATION_PLACE_MAX_LENGTH,
  INVITATION_QUESTIONS_MAX,
  INVITATION_TITLE_MAX_LENGTH,
  MAX_PLUS_ONES_LIMIT,
  QUESTION_CHOICE_MAX_LENGTH,
  QUESTION_CHOICES_MAX,
  QUESTION_CHOICES_MIN,
  QUESTION_KINDS,
  QUESTION_PROMPT_MAX_LENGTH,
} from './invitation-rules.ts';

/**
 * An invitation's event (DESIGN §1.20): part of a card's input (`invitation`, null for a greeting card) and
 * of the presented card. Times arrive as wall-clock times in the event's zone and leave as both that and the
 * UTC instant. Each refusal's message is an `INVITATION_ISSUES` code on its field.
 */

const localDateTimeSchema = z
  .string()
  .regex(LOCAL_DATE_TIME_PATTERN, 'invalid-date-time')
  .refine(isLocalDateTime, { message: 'invalid-date-time', abort: true });

const timeZoneSchema = wellFormedTextSchema()
  .max(64, 'unknown-time-zone')
  .transform((zone, context) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical === null) context.addIssue({ code: 'custom', message: 'unknown-time-zone' });
    return canonical ?? zone;
  });

/** A question id: made by the editor when the host adds the question; answers refer to it. */
export const questionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

export const questionSchema = z
  .object({
    id: questionIdSchema,
    kind: z.enum(QUESTION_KINDS),
    prompt: textSchema({ max: QUESTION_PROMPT_MAX_LENGTH }).min(1, 'required'),
    /** The choices of a one-choice question; empty for a short-text one. */
    choices: z
      .array(textSchema({ max: QUESTION_CHOICE_MAX_LENGTH }).min(1, 'required'))
      .max(QUESTION_CHOICES_MAX)
      .default([]),
  })
  .strict()
  .superRefine((question, context) => {
    if (question.kind === 'choice' && question.choices.length < QUESTION_CHOICES_MIN) {
      context.addIssue({ code: 'custom', path: ['choices'], message: 'choices-needed' });
    }
  })
  .transform((question) => (question.kind === 'text' ? { ...question, choices: [] } : question));
export type InvitationQuestion = z.output<typeof questionSchema>;

export const invitationInputSchema = z
  .object({
    title: textSchema({ max: INVITATION_TITLE_MAX_LENGTH }).min(1, 'required'),
    /** Wall-clock start in `timeZone`, `YYYY-MM-DDTHH:MM`. */
    startsAt: localDateTimeSchema,
    endsAt: localDateTimeSchema.nullable().default(null),
    /** An IANA zone; the editor offers the sender's device's. */
    timeZone: timeZoneSchema,
    place: textSchema({ max: INVITATION_PLACE_MAX_LENGTH }).default(''),
    /** Dress code, registry link, parking…: several lines. */
    notes: textSchema({ max: INVITATION_NOTES_MAX_LENGTH, multiline: true }).default(''),
    /** Wall-clock time in `timeZone` after which guests can no longer answer; null: until the start. */
    rsvpBy: localDateTimeSchema.nullable().default(null),
    maxPlusOnes: z.number().int().min(0).max(MAX_PLUS_ONES_LIMIT).default(0),
    questions: z.array(questionSchema).max(INVITATION_QUESTIONS_MAX).default([]),
    /** How many people may come in all (guests and plus-ones); null: no limit. */
    capacity: z
      .number()
      .int('whole-number')
      .min(1, 'capacity-too-small')
      .max(INVITATION_CAPACITY_MAX, 'capacity-too-large')
      .nullable()
      .default(null),
    /** Guests see the names of those coming (DESIGN §1.20 privacy: off unless the host turns it on). */
    showGuestList: z.boolean().default(false),
  })
  .strict()
  .superRefine((invitation, context) => {
    const start = instantOf(invitation.startsAt, invitation.timeZone);
    if (start === null) return;
    const end = invitation.endsAt === null ? null : instantOf(invitation.endsAt, invitation.timeZone);
    if (end !== null && end.getTime() <= start.getTime()) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'ends-before-start' });
    }
    const deadline = invitation.rsvpBy === null ? null : instantOf(invitation.rsvpBy, invitation.timeZone);
    if (deadline !== null && deadline.getTime() > start.getTime()) {
      context.addIssue({ code: 'custom', path: ['rsvpBy'], message: 'deadline-after-start' });
    }
  });
export type InvitationInput = z.input<typeof invitationInputSchema>;
export type InvitationValues = z.output<typeof invitationInputSchema>;

/**
 * The start a host sets must be in the future; an invitation whose event has passed keeps its start when
 * the host edits something else. Null when the start may be saved.
 */
export function startIssue(
  invitation: Pick<InvitationValues, 'startsAt' | 'timeZone'>,
  savedStartsAt: Date | null,
  now: Date,
): 'starts-in-past' | null {
  const start = instantOf(invitation.startsAt, invitation.timeZone);
  if (start === null || start.getTime() > now.getTime()) return null;
  return savedStartsAt !== null && savedStartsAt.getTime() === start.getTime() ? null : 'starts-in-past';
}

/** The invitation as its host sees it (part of the presented card). */
export const invitationSchema = z.object({
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  timeZone: z.string(),
  /** ISO 8601 instants of the wall-clock times above. */
  startsAtUtc: z.string(),
  endsAtUtc: z.string().nullable(),
  place: z.string(),
  /** A map search for the place, or null without one. */
  mapUrl: z.string().nullable(),
  notes: z.string(),
  rsvpBy: z.string().nullable(),
  rsvpByUtc: z.string().nullable(),
  maxPlusOnes: z.number().int(),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(QUESTION_KINDS),
      prompt: z.string(),
      choices: z.array(z.string()),
    }),
  ),
  capacity: z.number().int().nullable(),
  showGuestList: z.boolean(),
  /** How many guests the invitation may have: the owner's plan's at payment; null before. */
  guestLimit: z.number().int().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What anyone holding the link sees of the event: no capacity or limits. */
export const publicInvitationSchema = invitationSchema.omit({ capacity: true, guestLimit: true }).strict();
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;
