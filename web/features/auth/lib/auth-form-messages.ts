import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/accounts/account-rules.ts';
import type { TFunction } from '../../../../shared/i18n/translator.ts';
import { issueMessageKey } from '../../../../shared/text/text-issues.ts';

/**
 * How the auth forms word their schemas' messages (auth-form-schemas.ts), apart from the schemas themselves:
 * a form renders with these, and its schema loads only when it is first checked.
 */

export const REQUIRED_KEY = 'auth.fields.required';

/** The values the placeholders of the auth messages take. */
export const AUTH_MESSAGE_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

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
