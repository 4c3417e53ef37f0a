import { CircleAlert, CircleCheck, Send } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { HelpRequestInput } from '../../../../shared/help/help.contract.ts';
import { HELP_DESCRIPTION_MAX_LENGTH, HELP_PHONE_MAX_LENGTH } from '../../../../shared/help/help-rules.ts';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField, fieldInputClasses } from '../../../components/text-field.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { loadOnce } from '../../../lib/lazy-resolver.ts';
import { useSubmitHelpRequest } from '../api/use-submit-help-request.ts';
import type * as HelpFormChecksModule from '../lib/help-form-errors.ts';
import type { HelpField, HelpFieldErrors } from '../lib/help-form-errors.ts';

type HelpFormChecks = typeof HelpFormChecksModule;

const EMPTY = { email: '', phone: '', description: '' };

/**
 * The form's checks (the help contract's schema, and zod) load when it is first focused or sent, not with the
 * page (as lazy-resolver.ts does for the forms of react-hook-form).
 */
const checks = loadOnce<HelpFormChecks>(() => import('../lib/help-form-errors.ts'));

/** The remaining-characters counter appears once the description gets this close to the limit. */
const COUNTER_THRESHOLD = 500;

/**
 * The Help Center form (SPEC §2): email*, phone (optional), description*. Problems show under each field
 * after the first submit and update as the user types; on success the form clears and says so. A signed-in
 * user's address is filled in for them (once the session is known, unless they typed one meanwhile).
 */
export function HelpRequestForm({ signedInEmail = null }: { signedInEmail?: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState(EMPTY);
  const [emailTyped, setEmailTyped] = useState(false);
  // Until the user types an address, the signed-in one is shown (it may arrive after the first render).
  const values = emailTyped ? typed : { ...typed, email: signedInEmail ?? '' };
  const [errors, setErrors] = useState<HelpFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const submit = useSubmitHelpRequest();
  const form = useRef<HTMLFormElement>(null);
  // A send waits for the checks' code the first time: a second press meanwhile is the same send.
  const checking = useRef(false);

  // On a page the server rendered, what was typed before the app took it over is in the fields, not in the
  // state: it is taken in as the page is taken over, before a render would put the state's values back.
  const rendered = useRef(values);
  useLayoutEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    const typedBefore = (field: HelpField) => {
      const element = fields.namedItem(field);
      return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
        ? element.value
        : rendered.current[field];
    };
    const found = {
      email: typedBefore('email'),
      phone: typedBefore('phone'),
      description: typedBefore('description'),
    };
    if (
      (['email', 'phone', 'description'] as const).every((field) => found[field] === rendered.current[field])
    )
      return;
    setTyped(found);
    if (found.email !== rendered.current.email) setEmailTyped(true);
  }, []);

  const input = (): HelpRequestInput => ({ ...values, language: currentLanguage() });

  const change = (field: HelpField, value: string) => {
    const next = { ...values, [field]: value };
    setTyped(next);
    if (field === 'email') setEmailTyped(true);
    setReference(null);
    if (submit.isError) submit.reset();
    if (submitted)
      void checks
        .get()
        .then(({ validateHelpForm }) =>
          setErrors(validateHelpForm({ ...next, language: currentLanguage() }, t)),
        );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending || checking.current) return;
    setSubmitted(true);
    const sent = input();
    checking.current = true;
    const { validateHelpForm } = await checks.get().finally(() => (checking.current = false));
    const found = validateHelpForm(sent, t);
    setErrors(found);
    const firstInvalid = (['email', 'phone', 'description'] as const).find((field) => found[field]);
    if (firstInvalid) {
      const element = form.current?.elements.namedItem(firstInvalid);
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    submit.mutate(sent, {
      onSuccess: (created) => {
        setTyped(EMPTY);
        setEmailTyped(false);
        setSubmitted(false);
        setErrors({});
        setReference(created.id);
      },
    });
  };

  const remaining = HELP_DESCRIPTION_MAX_LENGTH - values.description.length;
  const descriptionId = `${id}-description`;
  const descriptionErrorId = `${id}-description-error`;
  const counterId = `${id}-description-counter`;

  return (
    <form
      ref={form}
      noValidate
      onFocus={checks.prepare}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
      data-testid="help-form"
    >
      <TextField
        label={`${t('help.email')} *`}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        placeholder={t('help.emailPlaceholder')}
        value={values.email}
        error={errors.email ?? null}
        onChange={(event) => change('email', event.target.value)}
      />
      <TextField
        label={`${t('help.phone')} ${t('help.optional')}`}
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
        maxLength={HELP_PHONE_MAX_LENGTH}
        placeholder={t('help.phonePlaceholder')}
        value={values.phone}
        error={errors.phone ?? null}
        inputClassName="text-start rtl:text-end"
        onChange={(event) => change('phone', event.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-bold text-ink">
          {`${t('help.description')} *`}
        </label>
        <textarea
          id={descriptionId}
          name="description"
          required
          rows={6}
          maxLength={HELP_DESCRIPTION_MAX_LENGTH}
          placeholder={t('help.descriptionPlaceholder')}
          value={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={
            [
              errors.description ? descriptionErrorId : null,
              remaining <= COUNTER_THRESHOLD ? counterId : null,
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(event) => change('description', event.target.value)}
          className={cn(
            fieldInputClasses,
            'h-auto min-h-36 resize-y py-3 leading-relaxed',
            errors.description ? 'border-coral-500' : 'border-plum-200',
          )}
        />
        {remaining <= COUNTER_THRESHOLD && (
          <p id={counterId} className="text-end text-xs text-muted" aria-live="polite">
            {t('help.charactersLeft', { count: remaining })}
          </p>
        )}
        {errors.description && (
          <p id={descriptionErrorId} className="text-sm font-semibold text-coral-700">
            {errors.description}
          </p>
        )}
      </div>

      {submit.isError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-2xl bg-coral-50 px-4 py-3 text-sm font-semibold text-coral-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(errorMessageKey(submit.error))}
        </p>
      )}
      <div role="status" aria-live="polite">
        {reference && (
          <div
            data-testid="help-success"
            className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            <div>
              <p className="font-bold">{t('help.success')}</p>
              <p className="mt-0.5 text-sm">{t('help.successReference', { id: reference })}</p>
            </div>
          </div>
        )}
      </div>

      <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto">
        {submit.isPending ? (
          <Spinner className="size-5 text-white" />
        ) : (
          <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        )}
        {submit.isPending ? t('help.submitting') : t('help.submit')}
      </Button>
    </form>
  );
}
