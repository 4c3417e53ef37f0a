import { z } from 'zod';
import { signInInputSchema, signUpInputSchema } from '../../../../shared/accounts/accounts.contract.ts';
import { REQUIRED_KEY } from './auth-form-messages.ts';

/**
 * The sign-in and sign-up forms' schemas: every field filled first (SPEC §5 'Please fill in all fields'),
 * then the accounts contract's own rules, so the form checks what the server checks and submits the
 * contract's output (trimmed, the email lower-cased). Messages are locale keys (auth-form-messages.ts words
 * them). The forms load this module when they are first checked (auth-form-resolvers.ts), not with the page.
 */

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
