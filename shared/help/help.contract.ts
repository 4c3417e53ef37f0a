import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages.ts';

/**
 * Help requests (SPEC §2 Help Center, DESIGN §1.15). One schema for the form in the browser and the route on
 * the server. Issue messages are short codes (`required`, `invalid`, `too-long`) that the form turns into
 * localized text per field.
 */

export const HELP_DESCRIPTION_MAX_LENGTH = 5000;
export const HELP_PHONE_MAX_LENGTH = 40;
export const HELP_EMAIL_MAX_LENGTH = 254;
/** A requester may send this many help requests per hour (per IP address). */
export const HELP_REQUESTS_PER_HOUR = 5;

export type HelpFieldIssue = 'required' | 'invalid' | 'too-long';

const PHONE_PATTERN = /^(?=.*\d)[\d\s+()-]+$/;

export const helpRequestInputSchema = z.object({
  email: z
    .string({ message: 'required' })
    .trim()
    .min(1, 'required')
    .max(HELP_EMAIL_MAX_LENGTH, 'too-long')
    .pipe(z.email('invalid')),
  phone: z
    .string({ message: 'invalid' })
    .trim()
    .max(HELP_PHONE_MAX_LENGTH, 'too-long')
    .refine((value) => value === '' || PHONE_PATTERN.test(value), 'invalid')
    .nullish()
    .transform((value) => (value ? value : null)),
  description: z
    .string({ message: 'required' })
    .trim()
    .min(1, 'required')
    .max(HELP_DESCRIPTION_MAX_LENGTH, 'too-long'),
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});
export type HelpRequestInput = z.input<typeof helpRequestInputSchema>;
export type HelpRequest = z.output<typeof helpRequestInputSchema>;

export const helpRequestCreatedSchema = z.object({ id: z.string() });
export type HelpRequestCreated = z.infer<typeof helpRequestCreatedSchema>;
