import { z } from 'zod';
import { CARD_NAME_MAX_LENGTH } from '../cards/card-rules.ts';
import { publicCardSchema } from '../cards/cards.contract.ts';
import { sealedCardSchema } from '../cards/reveal.contract.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { nameSchema, textSchema } from '../text/names.ts';
import type { PublicInvitation } from './invitation.contract.ts';
import { MAX_PLUS_ONES_LIMIT } from './invitation-rules.ts';
import {
  RSVP_NOTE_MAX_LENGTH,
  RSVP_STATUSES,
  RSVP_TEXT_ANSWER_MAX_LENGTH,
  type RsvpStatus,
} from './rsvp-rules.ts';

export { RSVP_NOTE_MAX_LENGTH, RSVP_STATUSES, RSVP_TEXT_ANSWER_MAX_LENGTH, type RsvpStatus };

/**
 * An invitation's guests and their answers (DESIGN §1.20): the host's list, each guest's own link, and the
 * RSVP a guest gives without an account. One contract for the host's forms, the guest's form and the server.
 */

/** A list pasted or uploaded at once: more rows than the largest plan's guests is not a guest list. */
export const GUEST_IMPORT_MAX_ROWS = 1000;
export const GUEST_EMAIL_MAX_LENGTH = 254;
/** Where a guest stands: no answer yet, an answer, or a yes past the capacity, waiting for a place. */
export const GUEST_STATES = ['pending', 'yes', 'maybe', 'no', 'waitlisted'] as const;
export type GuestState = (typeof GUEST_STATES)[number];

/** An email typed by a host: trimmed, lower-cased, a valid address; empty means none. */
export const guestEmailSchema = textSchema({ max: GUEST_EMAIL_MAX_LENGTH })
  .toLowerCase()
  .pipe(z.union([z.literal(''), z.email('invalid-email')]))
  .transform((email) => (email === '' ? null : email));

export const guestInputSchema = z
  .object({
    name: nameSchema({ max: CARD_NAME_MAX_LENGTH, min: 1 }),
    email: guestEmailSchema.nullable().default(null),
    /** Plus-ones this guest may bring; null: the invitation's maximum. */
    maxPlusOnes: z.number().int().min(0).max(MAX_PLUS_ONES_LIMIT).nullable().default(null),
  })
  .strict();
export type GuestInput = z.input<typeof guestInputSchema>;
export type GuestValues = z.output<typeof guestInputSchema>;

/** POST: guests added by hand (one or more), all or none. */
export const addGuestsRequestSchema = z
  .object({ guests: z.array(guestInputSchema).min(1).max(GUEST_IMPORT_MAX_ROWS) })
  .strict();

/** A row of a pasted or uploaded list the server refused, by its line (1-based) in what was sent. */
export const guestImportIssueSchema = z.object({
  line: z.number().int(),
  /** `required`, `too-long`, `invalid-email`, `invalid-plus-ones`, `duplicate`, `invalid-characters`. */
  message: z.string(),
});
export type GuestImportIssue = z.infer<typeof guestImportIssueSchema>;

/** The answer a guest gives (or the host records for them). */
export const rsvpInputSchema = z
  .object({
    status: z.enum(RSVP_STATUSES),
    /** The guest and their plus-ones; a "no" counts nobody. */
    headcount: z
      .number()
      .int()
      .min(1)
      .max(1 + MAX_PLUS_ONES_LIMIT)
      .default(1),
    plusOneNames: z
      .array(nameSchema({ max: CARD_NAME_MAX_LENGTH }))
      .max(MAX_PLUS_ONES_LIMIT)
      .default([]),
    /** Question id → the answer: a choice among the question's, or short text. */
    answers: z.record(z.string().max(40), textSchema({ max: RSVP_TEXT_ANSWER_MAX_LENGTH })).default({}),
    note: textSchema({ max: RSVP_NOTE_MAX_LENGTH, multiline: true }).default(''),
  })
  .strict();
export type RsvpInput = z.input<typeof rsvpInputSchema>;
export type RsvpValues = z.output<typeof rsvpInputSchema>;

/** The open group link's answer: the same, with the name the guest types. */
export const openRsvpInputSchema = rsvpInputSchema.extend({
  name: nameSchema({ max: CARD_NAME_MAX_LENGTH, min: 1 }),
});
export type OpenRsvpInput = z.input<typeof openRsvpInputSchema>;
export type OpenRsvpValues = z.output<typeof openRsvpInputSchema>;

/**
 * The checks an answer needs the invitation for, as the guest's form and the server make them: no more
 * plus-ones than allowed, names only for plus-ones that come, a choice among the question's choices, no
 * answer to a question the host does not ask. Null when the answer may be given.
 */
export function rsvpIssue(
  answer: RsvpValues,
  invitation: Pick<PublicInvitation, 'questions'>,
  maxPlusOnes: number,
): { path: string; message: 'too-many-plus-ones' | 'unknown-question' | 'unknown-choice' } | null {
  if (answer.headcount - 1 > maxPlusOnes) return { path: 'headcount', message: 'too-many-plus-ones' };
  if (answer.plusOneNames.length > Math.max(0, answer.headcount - 1)) {
    return { path: 'plusOneNames', message: 'too-many-plus-ones' };
  }
  for (const [questionId, value] of Object.entries(answer.answers)) {
    const question = invitation.questions.find((candidate) => candidate.id === questionId);
    if (!question) return { path: `answers.${questionId}`, message: 'unknown-question' };
    if (question.kind === 'choice' && value !== '' && !question.choices.includes(value)) {
      return { path: `answers.${questionId}`, message: 'unknown-choice' };
    }
  }
  return null;
}

/** A guest's answer as it stands. */
export const rsvpSchema = z.object({
  state: z.enum(GUEST_STATES),
  headcount: z.number().int(),
  plusOneNames: z.array(z.string()),
  answers: z.record(z.string(), z.string()),
  note: z.string(),
  /** ISO 8601 of the last change; null before any answer. */
  answeredAt: z.string().nullable(),
  /** 1 for the first in line, while waitlisted; null otherwise. */
  waitlistPosition: z.number().int().nullable(),
});
export type Rsvp = z.infer<typeof rsvpSchema>;

/** A guest as the host's list shows them. */
export const hostGuestSchema = rsvpSchema.extend({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  maxPlusOnes: z.number().int(),
  /** The guest's own link's path, `/i/{token}`. */
  linkPath: z.string(),
  /** Added by the host, or by answering through the open group link. */
  addedBy: z.enum(['host', 'open-link']),
  openedAt: z.string().nullable(),
  /** Who gave the current answer: the guest, or the host recording one given offline. */
  answeredBy: z.enum(['guest', 'host']).nullable(),
  /** Why the guest's address refused a mail for good (the receiving server's words); null while none did. */
  mailBounce: z.string().nullable(),
  /** The guest stopped this invitation's mails (its one-click unsubscribe): no message reaches them. */
  mailOptedOut: z.boolean(),
});
export type HostGuest = z.infer<typeof hostGuestSchema>;

export const guestTotalsSchema = z.object({
  guests: z.number().int(),
  coming: z.number().int(),
  maybe: z.number().int(),
  notComing: z.number().int(),
  noAnswer: z.number().int(),
  waitlisted: z.number().int(),
  /** People coming: the headcounts of the yes answers. */
  headcount: z.number().int(),
});
export type GuestTotals = z.infer<typeof guestTotalsSchema>;

/** GET: the host's whole list, its totals, and how many more guests the plan allows. */
export const guestListSchema = z.object({
  guests: z.array(hostGuestSchema),
  totals: guestTotalsSchema,
  guestLimit: z.number().int(),
  /** Rises with every change to the list: the live list asks again when its stream says it moved. */
  version: z.number().int(),
});
export type GuestList = z.infer<typeof guestListSchema>;

/** A guest's own page data: whom it greets, their answer, and whether replies are still open. */
export const guestInvitationSchema = z.object({
  /** The invitation, its greeting addressed to this guest by name. */
  card: publicCardSchema,
  guest: z.object({
    name: z.string(),
    maxPlusOnes: z.number().int(),
    /** The language of the guest's mails: the one they chose, else the invitation's. */
    language: z.enum(LANGUAGES),
  }),
  rsvp: rsvpSchema,
  /** ISO 8601: after this, answers are closed (the deadline, or the start without one). */
  repliesCloseAt: z.string(),
  repliesClosed: z.boolean(),
  /** The names of those coming, when the host shows them; null when the list is private. */
  coming: z.array(z.string()).nullable(),
});
export type GuestInvitation = z.infer<typeof guestInvitationSchema>;

/**
 * GET of a guest's own link: their invitation, or before its reveal only the sealed cover greeting them by
 * name and when it opens (DESIGN §1.22).
 */
export const guestPageAnswerSchema = z.union([guestInvitationSchema, sealedCardSchema]);
export type GuestPageAnswer = z.infer<typeof guestPageAnswerSchema>;

/**
 * PUT: the language of the guest's mails (reminders, changes, the host's messages), chosen on their page at
 * any time, answered or not, even once replies close: the mails go on until the event.
 */
export const guestLanguageRequestSchema = z.object({ language: z.enum(LANGUAGES) }).strict();
export type GuestLanguageRequest = z.infer<typeof guestLanguageRequestSchema>;

/** The open link's answer: the guest's own link from now on, and their invitation as it stands. */
export const openRsvpResponseSchema = z.object({
  /** `/i/{token}`: where this guest changes their answer later. */
  linkPath: z.string(),
  invitation: guestInvitationSchema,
});
export type OpenRsvpResponse = z.infer<typeof openRsvpResponseSchema>;

/** Who a host's message goes to: everyone, those who have not answered, those coming, those who said maybe. */
export const MESSAGE_AUDIENCES = ['all', 'pending', 'yes', 'maybe'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export const HOST_MESSAGE_MAX_LENGTH = 1000;

/** The guests each audience names: "all" includes those who said no and those waiting for a place. */
export const MESSAGE_AUDIENCE_STATES: Record<MessageAudience, readonly GuestState[]> = {
  all: GUEST_STATES,
  pending: ['pending'],
  yes: ['yes'],
  maybe: ['maybe'],
};

/** Whether the host's message to an audience reaches a guest: one of it, with an address, mails not stopped. */
export function messageReaches(
  guest: { state: GuestState; email: string | null; mailOptedOut: boolean },
  audience: MessageAudience,
): boolean {
  return (
    guest.email !== null && !guest.mailOptedOut && MESSAGE_AUDIENCE_STATES[audience].includes(guest.state)
  );
}

/** POST: the host's message to their guests, by email to those with an address. */
export const messageGuestsRequestSchema = z
  .object({
    audience: z.enum(MESSAGE_AUDIENCES),
    text: textSchema({ max: HOST_MESSAGE_MAX_LENGTH, multiline: true }).min(1, 'required'),
  })
  .strict();
export type MessageGuestsRequest = z.input<typeof messageGuestsRequestSchema>;
export type MessageGuestsValues = z.output<typeof messageGuestsRequestSchema>;

/** How many guests the message was sent to (those of the audience with an address who did not opt out). */
export const messageGuestsResponseSchema = z.object({ recipients: z.number().int() });
