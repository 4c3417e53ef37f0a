import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages.ts';
import { textSchema } from '../text/names.ts';
import { HELP_DESCRIPTION_MAX_LENGTH, HELP_EMAIL_MAX_LENGTH, HELP_PHONE_MAX_LENGTH } from './help-rules.ts';

/**
 * Help requests (SPEC §2 Help Center, DESIGN §1.15). One schema for the form in the browser and the route on
 * the server. Issue messages are short codes (`required`, `invalid`, `too-long`) that the form turns into
 * localized text per field; text that is not text is `invalid-characters` (shared/text/names.ts).
 */

export {
  HELP_DESCRIPTION_MAX_LENGTH,
  HELP_EMAIL_MAX_LENGTH,
  HELP_PHONE_MAX_LENGTH,
  HELP_REQUESTS_PER_HOUR,
} from './help-rules.ts';

export type HelpFieldIssue = 'required' | 'invalid' | 'too-long' | 'invalid-characters';

const PHONE_PATTERN = /^(?=.*\d)[\d\s+()-]+$/;

export const helpRequestInputSchema = z.object({
  email: textSchema({ max: HELP_EMAIL_MAX_LENGTH }, { message: 'required' })
    .min(1, 'required')
    .pipe(z.email('invalid')),
  phone: textSchema({ max: HELP_PHONE_MAX_LENGTH }, { message: 'invalid' })
    .refine((value) => value === '' || PHONE_PATTERN.test(value), 'invalid')
    .nullish()
    .transform((value) => (value ? value : null)),
  description: textSchema({ max: HELP_DESCRIPTION_MAX_LENGTH, multiline: true }, { message: 'required' }).min(
    1,
    'required',
  ),
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});
export type HelpRequestInput = z.input<typeof helpRequestInputSchema>;
export type HelpRequest = z.output<typeof helpRequestInputSchema>;

export const helpRequestCreatedSchema = z.object({ id: z.string() });
export type HelpRequestCreated = z.infer<typeof helpRequestCreatedSchema>;
