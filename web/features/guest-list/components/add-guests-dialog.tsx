import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { CARD_NAME_MAX_LENGTH } from '../../../../shared/cards/card-rules.ts';
import {
  GUEST_EMAIL_MAX_LENGTH,
  guestEmailSchema,
  guestInputSchema,
  type GuestImportIssue,
  type GuestList,
} from '../../../../shared/invitations/guests.contract.ts';
import { MAX_PLUS_ONES_LIMIT } from '../../../../shared/invitations/invitation-rules.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { DialogHeader } from '../../../components/dialog-header.tsx';
import { FieldError } from '../../../components/required-field.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useAddGuests, useImportGuests } from '../api/use-guest-list.ts';
import { guestLimitReached, importIssuesOf, importIssueText } from '../lib/guest-list-errors.ts';

/** One guest typed by hand, a pasted list, or a CSV file. */
const MODES = ['one', 'paste', 'file'] as const;
type Mode = (typeof MODES)[number];

/** The one-guest form: the contract's name and email; the plus-ones select holds `''` for the invitation's. */
const oneGuestSchema = z.object({
  name: guestInputSchema.shape.name,
  email: guestEmailSchema,
  maxPlusOnes: z.string().transform((value) => (value === '' ? null : Number(value))),
});
type OneGuestValues = z.input<typeof oneGuestSchema>;

const PLUS_ONE_COUNTS = Array.from({ length: MAX_PLUS_ONES_LIMIT + 1 }, (_, count) => count);

/** The locale key of a one-guest field's issue. */
function fieldIssueKey(field: 'name' | 'email', message: string | undefined): string | null {
  if (message === undefined) return null;
  if (message === 'invalid-characters') return 'errors.invalid-characters';
  if (message === 'too-long') return 'guestList.add.fieldErrors.too-long';
  return field === 'email' ? 'guestList.add.fieldErrors.invalid-email' : 'guestList.add.fieldErrors.required';
}

/**
 * Adding guests (DESIGN §1.20): one by one (name, optional email and plus-ones), a pasted list or a CSV file,
 * the list's text or the file's bytes sent as they are — the server reads them, so the browser parses
 * nothing. All or none: the refused rows come back by line, and the paste stays as typed to be corrected.
 * Past the plan's guest limit, the plans.
 */
export function AddGuestsDialog({
  open,
  cardId,
  list,
  defaultPlusOnes,
  onClose,
}: {
  open: boolean;
  cardId: string;
  list: GuestList;
  /** The invitation's plus-ones, what a guest gets unless the host says otherwise. */
  defaultPlusOnes: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ids = {
    mode: useId(),
    name: useId(),
    email: useId(),
    plusOnes: useId(),
    paste: useId(),
    file: useId(),
    issues: useId(),
  };
  const add = useAddGuests(cardId);
  const importList = useImportGuests(cardId);
  const [mode, setMode] = useState<Mode>('one');
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<OneGuestValues, unknown, z.output<typeof oneGuestSchema>>({
    resolver: zodResolver(oneGuestSchema),
    defaultValues: { name: '', email: '', maxPlusOnes: '' },
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, reset, setError, clearErrors } = form;
  const working = add.isPending || importList.isPending;

  const issues = importIssuesOf(failure);
  const limit = guestLimitReached(failure);
  // A single guest refused as a duplicate is about the name typed, not a line.
  const oneDuplicate = mode === 'one' && issues?.some((issue) => issue.message === 'duplicate');
  const otherFailure = failure !== null && issues === null && limit === null;

  const close = () => {
    if (working) return;
    setFailure(null);
    onClose();
  };
  const added = (before: number, after: GuestList) => {
    showToast(t('guestList.add.added', { count: Math.max(0, after.guests.length - before) }));
    reset();
    setPasted('');
    setFile(null);
    setFailure(null);
    onClose();
  };

  const submitOne = handleSubmit(async (guest) => {
    setFailure(null);
    try {
      added(list.guests.length, await add.mutateAsync([guest]));
    } catch (error) {
      // The guest's own row refused: its reason shows on the field it is about.
      const refused = importIssuesOf(error)?.find((issue) => issue.message !== 'duplicate');
      if (refused)
        setError(refused.message === 'invalid-email' ? 'email' : 'name', { message: refused.message });
      setFailure(error);
    }
  });
  const submitList = async () => {
    const body = mode === 'paste' ? pasted : file;
    if (body === null) return;
    setFailure(null);
    try {
      added(list.guests.length, await importList.mutateAsync(body));
    } catch (error) {
      setFailure(error);
    }
  };
  const submit = (event: FormEvent) => {
    if (mode === 'one') return void submitOne(event);
    event.preventDefault();
    void submitList();
  };

  const nameIssue = oneDuplicate
    ? 'guestList.add.alreadyInvited'
    : fieldIssueKey('name', formState.errors.name?.message);
  const emailIssue = fieldIssueKey('email', formState.errors.email?.message);
  const listInvalid = mode !== 'one' && issues !== null && issues.length > 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      labelledBy={titleId}
      className="max-w-lg max-sm:h-dvh! max-sm:max-h-dvh! max-sm:w-screen! max-sm:max-w-none! max-sm:rounded-none!"
    >
      <form
        noValidate
        onSubmit={submit}
        data-testid="add-guests"
        className="flex max-h-[calc(100dvh-2rem)] flex-col max-sm:h-dvh max-sm:max-h-dvh"
      >
        <DialogHeader titleId={titleId} title={t('guestList.add.title')} onClose={close} />
        <div className="flex-1 space-y-5 overflow-y-auto px-5 py-5 sm:px-6">
          <fieldset disabled={working}>
            <legend className="text-sm font-bold text-ink">{t('guestList.add.modes.label')}</legend>
            <div className="mt-1.5 grid grid-cols-3 gap-1 rounded-2xl border border-plum-200 bg-white p-1 shadow-xs">
              {MODES.map((each) => (
                <label
                  key={each}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-2 text-center text-sm leading-tight font-extrabold transition-colors',
                    'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-plum-500',
                    mode === each ? 'bg-plum-700 text-white shadow-sm' : 'text-plum-900 hover:bg-plum-50',
                  )}
                >
                  <input
                    type="radio"
                    name={ids.mode}
                    value={each}
                    checked={mode === each}
                    onChange={() => {
                      setMode(each);
                      setFailure(null);
                      clearErrors();
                    }}
                    className="sr-only"
                  />
                  {t(`guestList.add.modes.${each}`)}
                </label>
              ))}
            </div>
          </fieldset>

          {mode === 'one' && (
            <div className="space-y-4">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.name} className="text-sm font-bold text-ink">
                  {t('guestList.add.name')}
                  <span aria-hidden="true" className="text-coral-600">
                    {' *'}
                  </span>
                </label>
                <input
                  {...register('name', { onChange: () => setFailure(null) })}
                  id={ids.name}
                  aria-required
                  aria-invalid={nameIssue ? true : undefined}
                  aria-describedby={nameIssue ? `${ids.name}-error` : undefined}
                  maxLength={CARD_NAME_MAX_LENGTH}
                  autoComplete="off"
                  dir="auto"
                  className={cn(fieldInputClasses, nameIssue ? 'border-coral-500' : 'border-plum-200')}
                />
                {nameIssue && <FieldError id={`${ids.name}-error`}>{t(nameIssue)}</FieldError>}
              </div>
              <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
                <div className="flex min-w-0 flex-col gap-1.5">
                  <label htmlFor={ids.email} className="text-sm font-bold text-ink">
                    {t('guestList.add.email')}
                    <span className="font-semibold text-muted"> ({t('guestList.add.optional')})</span>
                  </label>
                  <input
                    {...register('email')}
                    id={ids.email}
                    type="email"
                    inputMode="email"
                    aria-invalid={emailIssue ? true : undefined}
                    aria-describedby={emailIssue ? `${ids.email}-error` : undefined}
                    maxLength={GUEST_EMAIL_MAX_LENGTH}
                    autoComplete="off"
                    dir="ltr"
                    className={cn(fieldInputClasses, emailIssue ? 'border-coral-500' : 'border-plum-200')}
                  />
                  {emailIssue && <FieldError id={`${ids.email}-error`}>{t(emailIssue)}</FieldError>}
                </div>
                <div className="flex flex-col gap-1.5">
                  <label htmlFor={ids.plusOnes} className="text-sm font-bold text-ink">
                    {t('guestList.add.plusOnes')}
                  </label>
                  <select
                    {...register('maxPlusOnes')}
                    id={ids.plusOnes}
                    className={cn(fieldInputClasses, 'border-plum-200')}
                  >
                    <option value="">{t('guestList.add.plusOnesDefault', { count: defaultPlusOnes })}</option>
                    {PLUS_ONE_COUNTS.map((count) => (
                      <option key={count} value={String(count)}>
                        {count}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </div>
          )}

          {mode === 'paste' && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.paste} className="text-sm font-bold text-ink">
                {t('guestList.add.pasteLabel')}
              </label>
              <textarea
                id={ids.paste}
                value={pasted}
                onChange={(event) => {
                  setPasted(event.target.value);
                  setFailure(null);
                }}
                rows={8}
                aria-invalid={listInvalid || undefined}
                aria-describedby={
                  [`${ids.paste}-hint`, listInvalid ? ids.issues : null].filter(Boolean).join(' ') ||
                  undefined
                }
                placeholder={t('guestList.add.pastePlaceholder')}
                spellCheck={false}
                dir="auto"
                className={cn(
                  fieldInputClasses,
                  'h-auto min-h-40 resize-y py-3 leading-relaxed',
                  listInvalid ? 'border-coral-500' : 'border-plum-200',
                )}
              />
              <p id={`${ids.paste}-hint`} className="text-xs text-muted">
                {t('guestList.add.pasteHint')}
              </p>
            </div>
          )}

          {mode === 'file' && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.file} className="text-sm font-bold text-ink">
                {t('guestList.add.fileLabel')}
              </label>
              <input
                id={ids.file}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFailure(null);
                }}
                aria-invalid={listInvalid || undefined}
                aria-describedby={
                  [`${ids.file}-hint`, listInvalid ? ids.issues : null].filter(Boolean).join(' ') || undefined
                }
                className="block w-full text-sm text-ink file:me-3 file:h-10 file:rounded-full file:border-0 file:bg-plum-100 file:px-4 file:font-bold file:text-plum-800 hover:file:bg-plum-200"
              />
              <p id={`${ids.file}-hint`} className="text-xs text-muted">
                {t('guestList.add.fileHint')}
              </p>
            </div>
          )}

          {mode !== 'one' && issues !== null && issues.length > 0 && (
            <ImportIssues id={ids.issues} issues={issues} />
          )}
          {limit && (
            <div role="alert" className="rounded-2xl bg-coral-50 px-4 py-3 text-sm text-coral-900">
              <p className="flex items-start gap-2 font-semibold">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {t('errors.guest-limit-reached')}
              </p>
              {limit.limit !== null && (
                <p className="ms-6 mt-1 tabular-nums">
                  {t('guestList.limit', { guests: limit.guests ?? list.guests.length, count: limit.limit })}
                </p>
              )}
              <Link
                to={paths.pricing()}
                className="ms-6 mt-2 inline-block font-bold text-coral-900 underline underline-offset-2"
              >
                {t('guestList.add.seePlans')}
              </Link>
            </div>
          )}
          {otherFailure && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-2xl bg-coral-50 px-3 py-2 text-sm font-semibold text-coral-800"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t(errorMessageKey(failure))}
            </p>
          )}
        </div>
        <footer className="flex gap-3 border-t border-plum-100 px-5 py-4 sm:px-6">
          <Button variant="secondary" size="lg" onClick={close} className="flex-1 sm:flex-none">
            {t('guestList.add.cancel')}
          </Button>
          <Button
            type="submit"
            size="lg"
            pending={working}
            disabled={(mode === 'paste' && pasted.trim() === '') || (mode === 'file' && file === null)}
            className="flex-1"
          >
            {t('guestList.add.submit')}
          </Button>
        </footer>
      </form>
    </Dialog>
  );
}

/** The refused rows, by line: nothing was added. */
function ImportIssues({ id, issues }: { id: string; issues: GuestImportIssue[] }) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      role="alert"
      data-testid="guest-import-issues"
      className="rounded-2xl bg-coral-50 px-4 py-3 text-sm text-coral-900"
    >
      <p className="flex items-start gap-2 font-bold">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('guestList.add.errorsTitle')}
      </p>
      <ul className="ms-6 mt-1.5 list-disc space-y-0.5 ps-4">
        {issues.map((issue) => (
          <li key={`${issue.line}:${issue.message}`}>{importIssueText(issue, t)}</li>
        ))}
      </ul>
    </div>
  );
}
