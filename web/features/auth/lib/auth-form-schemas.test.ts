import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { TFunction } from '../../../../shared/i18n/translator.ts';
import { authFieldMessage } from './auth-form-messages.ts';
import {
  authIssueKey,
  choosePasswordFormSchema,
  newPasswordFormSchema,
  resetRequestFormSchema,
  signInFormSchema,
  signUpFormSchema,
} from './auth-form-schemas.ts';

/** Each field's message, as the forms get them from the resolver. */
function messages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values, { error: authIssueKey });
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the auth forms', () => {
  it('ask for every empty field first, and nothing else then', () => {
    expect(messages(signUpFormSchema, { name: ' ', email: 'not-an-email', password: '' })).toEqual({
      name: 'auth.fields.required',
      password: 'auth.fields.required',
    });
    expect(messages(signInFormSchema, { email: '', password: '' })).toEqual({
      email: 'auth.fields.required',
      password: 'auth.fields.required',
    });
  });

  it("then apply the accounts contract's rules, with their locale keys", () => {
    expect(messages(signUpFormSchema, { name: 'Ana', email: 'ana@', password: 'short' })).toEqual({
      email: 'auth.invalidEmail',
      password: 'auth.passwordTooShort',
    });
    expect(messages(signUpFormSchema, { name: 'Ana', email: 'a@b.co', password: 'x'.repeat(129) })).toEqual({
      password: 'auth.passwordTooLong',
    });
    expect(messages(signInFormSchema, { email: 'ana', password: 'whatever' })).toEqual({
      email: 'auth.invalidEmail',
    });
  });

  it('say that a name or a password holds characters that cannot be saved', () => {
    const refused = messages(signUpFormSchema, {
      name: 'Ana\u0000',
      email: 'a@b.co',
      password: 'long \uD800nough',
    });
    expect(refused).toEqual({ name: 'invalid-characters', password: 'invalid-characters' });
    expect(messages(signInFormSchema, { email: 'a@b.co', password: '\uDC00pw' })).toEqual({
      password: 'invalid-characters',
    });
    const t: TFunction = (key) => `t:${key}`;
    expect(authFieldMessage(t, refused.name)).toBe('t:errors.invalid-characters');
    expect(authFieldMessage(t, 'too-long')).toBe('t:errors.validation-failed');
  });

  it("submit the contract's output: trimmed, the email lower-cased", () => {
    expect(
      signUpFormSchema.parse({ name: ' Ana ', email: ' Ana@Example.COM ', password: 'long enough' }),
    ).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'long enough',
    });
    expect(signInFormSchema.parse({ email: 'Ana@Example.com ', password: ' pw ' })).toEqual({
      email: 'ana@example.com',
      password: ' pw ',
    });
  });

  it('ask for a reset link with a valid address, and for a new password typed twice', () => {
    expect(messages(resetRequestFormSchema, { email: ' ' })).toEqual({ email: 'auth.fields.required' });
    expect(messages(resetRequestFormSchema, { email: 'ana@' })).toEqual({ email: 'auth.invalidEmail' });
    expect(messages(newPasswordFormSchema, { password: '', confirm: 'x' })).toEqual({
      password: 'auth.fields.required',
    });
    expect(messages(newPasswordFormSchema, { password: 'short', confirm: 'other' })).toEqual({
      password: 'auth.passwordTooShort',
    });
    expect(messages(newPasswordFormSchema, { password: 'long enough', confirm: 'long enougH' })).toEqual({
      confirm: 'auth.reset.mismatch',
    });
    expect(messages(newPasswordFormSchema, { password: 'long enough', confirm: 'long enough' })).toEqual({});
  });

  it('take the password chosen after a verification once, by the same length rule', () => {
    expect(messages(choosePasswordFormSchema, { password: '' })).toEqual({
      password: 'auth.fields.required',
    });
    expect(messages(choosePasswordFormSchema, { password: 'short' })).toEqual({
      password: 'auth.passwordTooShort',
    });
    expect(choosePasswordFormSchema.parse({ password: ' long enough ' })).toEqual({
      password: ' long enough ',
    });
  });
});
