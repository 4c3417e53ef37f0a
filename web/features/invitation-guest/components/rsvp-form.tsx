import { toNestErrors } from '@hookform/resolvers';
import { CircleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { get, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { CARD_NAME_MAX_LENGTH } from '../../../../shared/cards/card-rules.ts';
import {
  RSVP_NOTE_MAX_LENGTH,
  RSVP_STATUSES,
  RSVP_TEXT_ANSWER_MAX_LENGTH,
} from '../../../../shared/invitations/rsvp-rules.ts';
import { Button } from '../../../components/button.tsx';
import { FieldError } from '../../../components/required-field.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { loadOnce } from '../../../lib/lazy-resolver.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import {
  comes,
  serverIssues,
  type FieldIssues,
  type ReplyRules,
  type RsvpFormValues,
} from '../lib/rsvp-answer.ts';

/**
 * The reply's checks, with the contract's schemas: loaded when the form is first focused or sent, not with the
 * guest's page (docs/decisions/0042-first-screens.md).
 */
const checks = loadOnce(() => import('../lib/rsvp-checks.ts'));

/** A field's id from its form path (`answers.meal` → `…-answers-meal`); a radio group's is its first radio's. */
const fieldIdOf = (idBase: string, field: string) => `${idBase}-${field.replace(/\./g, '-')}`;

/** The fields in the order the form shows them: the first with an issue takes the focus. */
function fieldOrder(rules: ReplyRules): string[] {
  return [
    ...(rules.withName ? ['name'] : []),
    'status',
    'headcount',
    'plusOneNames',
    ...rules.questions.map((question) => `answers.${question.id}`),
    'note',
  ];
}

/** A choice of a radio group, marked like a field when the group has an issue. */
const radioRowClasses = (issue: string | null) =>
  cn(
    'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border bg-white px-4 py-2.5 text-base font-bold text-ink transition-colors hover:border-plum-300 has-checked:border-plum-600 has-checked:bg-plum-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-plum-500',
    issue ? 'border-coral-500' : 'border-plum-200',
  );
const radioClasses = 'size-5 shrink-0 accent-plum-700';

/**
 * The reply to an invitation (DESIGN §1.20), a real form: (the open link's guest's name,) yes / maybe / no,
 * the headcount up to the plus-ones the guest may bring (not asked when they may bring none), a name field
 * per plus-one, the host's questions (short text, or one choice), a note to the host. Checked with the shared
 * contract before it is sent; each issue, the server's too, shows on its field, tied to it, and the first
 * field with one takes the focus. What was typed stays whatever the answer.
 */
export function RsvpForm({
  rules,
  initial,
  submitLabel,
  onSend,
  onCancel,
  cancelLabel,
  messageKeyOf = errorMessageKey,
}: {
  rules: ReplyRules;
  initial: RsvpFormValues;
  submitLabel: string;
  /** Sends the reply; a failure it throws shows on the form. */
  onSend: (values: RsvpFormValues) => Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
  /** The locale key of a failure that names no field (the app's one map by default). */
  messageKeyOf?: (error: unknown) => string;
}) {
  const { t } = useTranslation();
  const idBase = useId();
  const [formError, setFormError] = useState<string | null>(null);

  const focusFirst = (issues: FieldIssues) => {
    const first = fieldOrder(rules).find((field) => issues[field]);
    if (first) document.getElementById(fieldIdOf(idBase, first))?.focus();
  };
  const resolver: Resolver<RsvpFormValues> = async (values, _context, options) => {
    const { replyIssues } = await checks.get();
    const issues = replyIssues(values, rules);
    if (Object.keys(issues).length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(issues).map(([field, key]) => [field, { type: 'rsvp', message: key }]),
    ) as FieldErrors<RsvpFormValues>;
    return { values: {}, errors: toNestErrors(errors, options) };
  };
  const { register, handleSubmit, control, getValues, formState, setError, clearErrors } =
    useForm<RsvpFormValues>({
      defaultValues: initial,
      resolver,
      // Checked when sent; editing a field clears its message (below).
      reValidateMode: 'onSubmit',
      shouldFocusError: false,
    });
  const status = useWatch({ control, name: 'status' });
  const headcount = Number.parseInt(useWatch({ control, name: 'headcount' }), 10) || 1;
  const coming = comes(status);

  const issueOf = (field: string): string | null => {
    const error: { message?: string } | undefined = get(formState.errors, field);
    return error?.message ? t(error.message) : null;
  };
  const errorIdOf = (field: string) => `${fieldIdOf(idBase, field)}-error`;
  /** The attributes that tie a control to its field's issue (and hint). */
  const described = (field: string, hintId?: string) => {
    const issue = issueOf(field);
    return {
      'aria-invalid': issue ? true : undefined,
      'aria-describedby': [issue ? errorIdOf(field) : null, hintId].filter(Boolean).join(' ') || undefined,
    };
  };
  /** A control of the form; editing it clears the issues of the fields it changes. */
  const registered = (field: Parameters<typeof register>[0], clears: string[] = [field]) =>
    register(field, { onChange: () => clearErrors(clears as never) });
  const issueText = (field: string) => {
    const issue = issueOf(field);
    return issue ? <FieldError id={errorIdOf(field)}>{issue}</FieldError> : null;
  };
  const optional = <span className="font-semibold text-muted"> ({t('invitation.rsvp.optional')})</span>;

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await onSend(values);
      } catch (error) {
        const issues = serverIssues(error);
        if (Object.keys(issues).length === 0) {
          setFormError(t(messageKeyOf(error)));
          return;
        }
        for (const [field, key] of Object.entries(issues)) {
          setError(field as never, { type: 'server', message: key });
        }
        focusFirst(issues);
      }
    },
    async () => {
      setFormError(null);
      const { replyIssues } = await checks.get();
      focusFirst(replyIssues(getValues(), rules));
    },
  );

  const statusLegendId = `${idBase}-status-legend`;
  const headcountHintId = `${idBase}-headcount-hint`;
  const noteHintId = `${idBase}-note-hint`;

  return (
    <form noValidate onSubmit={submit} onFocus={checks.prepare} className="space-y-5" data-testid="rsvp-form">
      {rules.withName && (
        <Field label={t('invitation.rsvp.name')} htmlFor={fieldIdOf(idBase, 'name')} required>
          <input
            {...registered('name')}
            id={fieldIdOf(idBase, 'name')}
            {...described('name')}
            aria-required
            autoComplete="name"
            maxLength={CARD_NAME_MAX_LENGTH}
            dir="auto"
            className={inputClasses(issueOf('name'))}
          />
          {issueText('name')}
        </Field>
      )}

      <fieldset role="radiogroup" aria-labelledby={statusLegendId} aria-required {...described('status')}>
        <legend id={statusLegendId} className="text-sm font-bold text-ink">
          {t('invitation.rsvp.status.legend')}
          <span aria-hidden="true" className="text-coral-600">
            {' *'}
          </span>
        </legend>
        <div className="mt-2 grid gap-2">
          {RSVP_STATUSES.map((value, index) => (
            <label key={value} className={radioRowClasses(issueOf('status'))}>
              <input
                {...registered('status')}
                id={index === 0 ? fieldIdOf(idBase, 'status') : undefined}
                type="radio"
                value={value}
                className={radioClasses}
              />
              {t(`invitation.rsvp.status.${value}`)}
            </label>
          ))}
        </div>
        {issueText('status')}
      </fieldset>

      {coming && rules.maxPlusOnes > 0 && (
        <Field label={t('invitation.rsvp.headcount.label')} htmlFor={fieldIdOf(idBase, 'headcount')}>
          <select
            {...registered('headcount', ['headcount', 'plusOneNames'])}
            id={fieldIdOf(idBase, 'headcount')}
            {...described('headcount', headcountHintId)}
            className={inputClasses(issueOf('headcount'))}
          >
            {Array.from({ length: rules.maxPlusOnes + 1 }, (_, index) => index + 1).map((count) => (
              <option key={count} value={String(count)}>
                {count === 1
                  ? t('invitation.rsvp.headcount.justMe')
                  : t('invitation.rsvp.headcount.people', { count })}
              </option>
            ))}
          </select>
          <p id={headcountHintId} className="text-xs text-muted">
            {t('invitation.rsvp.headcount.allowed', { count: rules.maxPlusOnes })}
          </p>
          {issueText('headcount')}
        </Field>
      )}

      {coming && headcount > 1 && (
        <fieldset {...described('plusOneNames')} className="min-w-0">
          <legend className="text-sm font-bold text-ink">
            {t('invitation.rsvp.plusOnes.legend')}
            {optional}
          </legend>
          <div className="mt-2 grid gap-2">
            {Array.from({ length: headcount - 1 }, (_, index) => {
              const id = index === 0 ? fieldIdOf(idBase, 'plusOneNames') : `${idBase}-plus-one-${index}`;
              return (
                <div key={index} className="flex flex-col gap-1">
                  <label htmlFor={id} className="text-xs font-bold text-muted">
                    {t('invitation.rsvp.plusOnes.name', { number: index + 1 })}
                  </label>
                  <input
                    {...registered(`plusOneNames.${index}`, ['plusOneNames'])}
                    id={id}
                    {...described('plusOneNames')}
                    autoComplete="off"
                    maxLength={CARD_NAME_MAX_LENGTH}
                    dir="auto"
                    className={inputClasses(issueOf('plusOneNames'))}
                  />
                </div>
              );
            })}
          </div>
          {issueText('plusOneNames')}
        </fieldset>
      )}

      {coming &&
        rules.questions.map((question) => {
          const field = `answers.${question.id}`;
          if (question.kind === 'text') {
            return (
              <Field
                key={question.id}
                label={question.prompt}
                htmlFor={fieldIdOf(idBase, field)}
                suffix={optional}
              >
                <input
                  {...registered(`answers.${question.id}`)}
                  id={fieldIdOf(idBase, field)}
                  {...described(field)}
                  autoComplete="off"
                  maxLength={RSVP_TEXT_ANSWER_MAX_LENGTH}
                  dir="auto"
                  className={inputClasses(issueOf(field))}
                />
                {issueText(field)}
              </Field>
            );
          }
          const legendId = `${fieldIdOf(idBase, field)}-legend`;
          return (
            <fieldset key={question.id} role="radiogroup" aria-labelledby={legendId} {...described(field)}>
              <legend id={legendId} className="text-sm font-bold break-words text-ink" dir="auto">
                {question.prompt}
                {optional}
              </legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {question.choices.map((choice, index) => (
                  <label key={choice} className={radioRowClasses(issueOf(field))}>
                    <input
                      {...registered(`answers.${question.id}`)}
                      id={index === 0 ? fieldIdOf(idBase, field) : undefined}
                      type="radio"
                      value={choice}
                      className={radioClasses}
                    />
                    <span dir="auto" className="min-w-0 break-words">
                      {choice}
                    </span>
                  </label>
                ))}
              </div>
              {issueText(field)}
            </fieldset>
          );
        })}

      <Field label={t('invitation.rsvp.note.label')} htmlFor={fieldIdOf(idBase, 'note')} suffix={optional}>
        <textarea
          {...registered('note')}
          id={fieldIdOf(idBase, 'note')}
          {...described('note', noteHintId)}
          rows={3}
          maxLength={RSVP_NOTE_MAX_LENGTH}
          dir="auto"
          className={cn(inputClasses(issueOf('note')), 'h-auto py-3')}
        />
        <p id={noteHintId} className="text-xs text-muted">
          {t('invitation.rsvp.note.hint')}
        </p>
        {issueText('note')}
      </Field>

      {formError && (
        <p
          role="alert"
          data-testid="rsvp-form-error"
          className="flex gap-2 rounded-2xl border border-coral-200 bg-coral-50 px-4 py-3 text-sm font-bold text-coral-900"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {formError}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="ghost" size="lg" onClick={onCancel} disabled={formState.isSubmitting}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" size="lg" pending={formState.isSubmitting} data-testid="rsvp-send">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

const inputClasses = (issue: string | null) =>
  cn(fieldInputClasses, issue ? 'border-coral-500' : 'border-plum-200');

function Field({
  label,
  htmlFor,
  required,
  suffix,
  children,
}: {
  label: string;
  htmlFor: string;
  required?: boolean;
  suffix?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-bold break-words text-ink" dir="auto">
        {label}
        {required && (
          <span aria-hidden="true" className="text-coral-600">
            {' *'}
          </span>
        )}
        {suffix}
      </label>
      {children}
    </div>
  );
}
