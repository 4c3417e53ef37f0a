import type { TFunction } from '../../../../shared/i18n/translator.ts';
import { describe, expect, it } from 'vitest';
import { validateHelpForm } from './help-form-errors.ts';

/** A translator that shows which key (and values) the form asked for. */
const t: TFunction = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

const valid = { email: 'a@example.com', phone: '', description: 'Help', language: 'en' as const };

describe('help form validation', () => {
  it('accepts a complete form, with or without a phone number', () => {
    expect(validateHelpForm(valid, t)).toEqual({});
    expect(validateHelpForm({ ...valid, phone: '+1 (555) 010-0000' }, t)).toEqual({});
  });

  it('names the one problem of each field, localized', () => {
    expect(validateHelpForm({ ...valid, email: '', description: ' ' }, t)).toEqual({
      email: 'help.errors.emailRequired',
      description: 'help.errors.descriptionRequired',
    });
    expect(validateHelpForm({ ...valid, email: 'a@', phone: 'call me' }, t)).toEqual({
      email: 'help.errors.emailInvalid',
      phone: 'help.errors.phoneInvalid',
    });
    expect(validateHelpForm({ ...valid, description: 'x'.repeat(5001) }, t)).toEqual({
      description: 'help.errors.descriptionTooLong {"max":5000}',
    });
    expect(validateHelpForm({ ...valid, phone: '1'.repeat(41) }, t)).toEqual({
      phone: 'help.errors.phoneTooLong {"max":40}',
    });
  });

  it('says a field holds characters that cannot be saved (NUL, a lone surrogate)', () => {
    expect(
      validateHelpForm({ email: 'a\u0000@example.com', phone: '5\uD800', description: 'It\nbroke\uDC00' }, t),
    ).toEqual({
      email: 'errors.invalid-characters',
      phone: 'errors.invalid-characters',
      description: 'errors.invalid-characters',
    });
  });
});
