/**
 * A guest's reply's figures and choices, without their schemas (guests.contract.ts, which re-exports them):
 * the guest's form shows them on its first screen, and the schemas load only when the form is checked.
 */

export const RSVP_NOTE_MAX_LENGTH = 500;
export const RSVP_TEXT_ANSWER_MAX_LENGTH = 200;

/** What a guest answers. */
export const RSVP_STATUSES = ['yes', 'maybe', 'no'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
