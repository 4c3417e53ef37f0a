/**
 * A help request's limits, without its schema (help.contract.ts, which re-exports them): the Help Center's
 * form shows them on its first screen, and the schema loads only when the form is checked.
 */

export const HELP_DESCRIPTION_MAX_LENGTH = 5000;
export const HELP_PHONE_MAX_LENGTH = 40;
export const HELP_EMAIL_MAX_LENGTH = 254;
/** A requester may send this many help requests per hour (per IP address). */
export const HELP_REQUESTS_PER_HOUR = 5;
