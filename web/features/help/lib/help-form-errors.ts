import type { TFunction } from '../../../../shared/i18n/translator.ts';
import {
  HELP_DESCRIPTION_MAX_LENGTH,
  HELP_PHONE_MAX_LENGTH,
  helpRequestInputSchema,
  type HelpRequestInput,
} from '../../../../shared/help/help.contract.ts';
import { issueMessageKey } from '../../../../shared/text/names.ts';

export type HelpField = 'email' | 'phone' | 'description';
export type HelpFieldErrors = Partial<Record<HelpField, string>>;

const FIELDS: readonly HelpField[] = ['email', 'phone', 'description'];

/**
 * Checks the form with the same contract the server uses and returns the first problem of each field as a
 * localized message (the contract's issue messages are codes: required, invalid, too-long, and the text
 * rule's invalid-characters).
 */
export function validateHelpForm(input: HelpRequestInput, t: TFunction): HelpFieldErrors {
  const result = helpRequestInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: HelpFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = messageFor(field, issue.message, t);
  }
  return errors;
}

function messageFor(field: HelpField, code: string, t: TFunction): string {
  if (code === 'invalid-characters') return t(issueMessageKey(code));
  switch (field) {
    case 'email':
      if (code === 'required') return t('help.errors.emailRequired');
      if (code === 'too-long') return t('help.errors.emailTooLong');
      return t('help.errors.emailInvalid');
    case 'phone':
      if (code === 'too-long') return t('help.errors.phoneTooLong', { max: HELP_PHONE_MAX_LENGTH });
      return t('help.errors.phoneInvalid');
    case 'description':
      if (code === 'too-long')
        return t('help.errors.descriptionTooLong', { max: HELP_DESCRIPTION_MAX_LENGTH });
      return t('help.errors.descriptionRequired');
  }
}
