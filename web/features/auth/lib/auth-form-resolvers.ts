import { zodResolver } from '@hookform/resolvers/zod';
import {
  authIssueKey,
  choosePasswordFormSchema,
  newPasswordFormSchema,
  resetRequestFormSchema,
  signInFormSchema,
  signUpFormSchema,
} from './auth-form-schemas.ts';

/**
 * The auth forms' resolvers, their messages locale keys. The forms load this module when first focused or
 * sent (`lazyResolver`), so zod and the schemas are not evaluated with the page.
 */
export const signInResolver = zodResolver(signInFormSchema, { error: authIssueKey });
export const signUpResolver = zodResolver(signUpFormSchema, { error: authIssueKey });
export const resetRequestResolver = zodResolver(resetRequestFormSchema, { error: authIssueKey });
export const newPasswordResolver = zodResolver(newPasswordFormSchema, { error: authIssueKey });
export const choosePasswordResolver = zodResolver(choosePasswordFormSchema, { error: authIssueKey });
