import { z } from 'zod';
import type { TFunction } from '../../../../shared/i18n/translator.ts';
import { issueMessageKey } from '../../../../shared/text/names.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  signInInputSchema,
  signUpInputSchema,
} from '../../../../shared/accounts/accounts.contract.ts';

/**
 * The sign-in and sign-up forms' schemas: every field filled first (SPEC §5 'Please fill in all fields'),
 * then the accounts contract's own rules, so the form checks what the server checks and submits the
 * contract's output (trimmed, the email lower-cased). Messages are locale keys, shown with `{min, max}`.
 */

export const REQUIRED_KEY = 'auth.fields.required';

/** The values the placeholders of the auth messages take. */
export const AUTH_MESSAGE_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

const filled = (schema: z.ZodString = z.string()) => schema.min(1, REQUIRED_KEY);

export const signInFormSchema = z
  .object({ email: filled(z.string().trim()), password: filled() })
  .pipe(signInInputSchema);

export const signUpFormSchema = z
  .object({ name: filled(z.string().trim()), email: filled(z.string().trim()), password: filled() })
  .pipe(signUpInputSchema);

/** The address a reset link is sent to. */
export const resetRequestFormSchema = z
  .object({ email: filled(z.string().trim()) })
  .pipe(signUpInputSchema.pick({ email: true }));

/** The password chosen after a verification opened in another browser: typed once, shown on request. */
export const choosePasswordFormSchema = z
  .object({ password: filled() })
  .pipe(z.object({ password: signUpInputSchema.shape.password }));

/** A new password, typed twice. */
export const newPasswordFormSchema = z.object({ password: filled(), confirm: filled() }).pipe(
  z
    .object({ password: signUpInputSchema.shape.password, confirm: z.string() })
    .refine((values) => values.password === values.confirm, {
      path: ['confirm'],
      message: 'auth.reset.mismatch',
      // Compared once the password itself is acceptable.
      when: ({ issues }) => issues.length === 0,
    }),
);

/** The locale key of a contract rule the typed value breaks (zod's own message otherwise). */
export const authIssueKey: z.core.$ZodErrorMap = (issue) => {
  const field = issue.path?.[0];
  if (field === 'email') return 'auth.invalidEmail';
  if (field === 'password' && issue.code === 'too_small') return 'auth.passwordTooShort';
  if (field === 'password' && issue.code === 'too_big') return 'auth.passwordTooLong';
  return 'errors.validation-failed';
};

/** True when the form was sent with a field left empty. */
export function hasEmptyField(errors: Record<string, { message?: string } | undefined>): boolean {
  return Object.values(errors).some((error) => error?.message === REQUIRED_KEY);
}

/**
 * A field's message; the contract's own codes for names and passwords read as invalid input, or as text that
 * cannot be saved ('invalid-characters').
 */
export function authFieldMessage(t: TFunction, message: string | undefined): string | null {
  if (!message) return null;
  return t(message.includes('.') ? message : issueMessageKey(message), AUTH_MESSAGE_VALUES);
}
