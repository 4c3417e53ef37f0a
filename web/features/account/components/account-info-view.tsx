import { useQuery } from '@tanstack/react-query';
import { LogIn, MailCheck, Sparkles, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { useSearchParams } from 'react-router';
import type { CurrentUser } from '../../../../shared/accounts/accounts.contract.ts';
import { RECENT_SIGN_IN_MS } from '../../../../shared/accounts/account-rules.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { ltrIsolate } from '../../../lib/ltr-isolate.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  changeEmail,
  deleteAccount,
  fetchDeletionCheck,
  updateProfile,
  uploadAvatar,
} from '../api/account-api.ts';
import { errorCodeOf, errorReason } from '../../../lib/error-message.ts';
import { loadOnce } from '../../../lib/lazy-resolver.ts';
import type { AccountNameCheck } from '../lib/account-name-check.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { CreditHistory } from './credit-history.tsx';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const nameCheck = loadOnce(() => import('../lib/account-name-check.ts'));

/** The destructive buttons: the shape of the shared Button, in coral. */
const dangerButton =
  'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-full px-4.5 text-sm font-bold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50';

/** min-w-0: a grid item is otherwise as wide as its longest unbroken line, which a phone cannot fit. */
function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={title}
      className={`min-w-0 rounded-3xl border border-plum-100/80 bg-white p-5 shadow-card sm:p-7 ${className ?? ''}`}
    >
      <h2 className="mb-5 text-lg font-black text-ink">{title}</h2>
      {children}
    </section>
  );
}

/**
 * /account-info (SPEC §2): avatar, name and email (a new address is confirmed by mail before it applies),
 * 'Save changes', the credit balance, and deleting the account after a confirmation with the password (or,
 * without one, a recent sign-in).
 */
export function AccountInfoView({
  user,
  credits,
  onChanged,
  onDeleted,
  onSignInAgain,
}: {
  user: CurrentUser;
  /** The balance, formatted by the caller. */
  credits: string;
  /** Re-read the user after a change. */
  onChanged: () => Promise<unknown>;
  /** The account is gone: sign the UI out and leave. */
  onDeleted: () => Promise<void>;
  /** Sign out, then sign in again and come back (deleting an account without a password needs it). */
  onSignInAgain: () => Promise<void>;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('account.title'));
  const [params] = useSearchParams();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [emailSentTo, setEmailSentTo] = useState<{ current: string; next: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const emailChangedReturn = params.get('email-changed') === '1';
  const emailChangeFailed = emailChangedReturn && params.has('error');

  const trimmedName = name.trim();
  const trimmedEmail = email.trim();
  const nameChanged = trimmedName !== user.name;
  const emailChanged = trimmedEmail.toLowerCase() !== user.email.toLowerCase();
  const dirty = nameChanged || emailChanged || avatar !== null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const next: { name?: string; email?: string } = {};
    let checkedName: AccountNameCheck;
    try {
      checkedName = (await nameCheck.get()).checkAccountName(name);
    } catch (error) {
      setSaveError(t('account.updateError', { message: errorReason(error, t) }));
      return;
    }
    if (trimmedName === '') next.name = t('auth.fields.required');
    else if ('issueKey' in checkedName) next.name = t(checkedName.issueKey);
    if (trimmedEmail === '') next.email = t('auth.fields.required');
    else if (!EMAIL_PATTERN.test(trimmedEmail)) next.email = t('auth.invalidEmail');
    setErrors(next);
    setSaveError(null);
    if (next.name || next.email || !dirty) return;
    setSaving(true);
    try {
      if (avatar) {
        await uploadAvatar(avatar);
        setAvatar(null);
      }
      if (nameChanged && 'name' in checkedName) await updateProfile({ name: checkedName.name });
      if (emailChanged) {
        await changeEmail(trimmedEmail);
        setEmailSentTo({ current: user.email, next: trimmedEmail });
        setEmail(user.email);
      }
      showToast(t('account.updated'), 'success');
    } catch (error) {
      setSaveError(t('account.updateError', { message: errorReason(error, t) }));
    } finally {
      setSaving(false);
      await onChanged().catch(() => undefined);
    }
  };

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
      <h1 className="mb-6 text-3xl font-black tracking-tight text-ink">{t('account.title')}</h1>

      {emailChangedReturn && !emailChangeFailed && (
        <p
          role="status"
          className="mb-5 rounded-2xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-bold text-emerald-900"
        >
          {t('account.emailChangeConfirmed')}
        </p>
      )}
      {emailChangeFailed && (
        <p
          role="alert"
          className="mb-5 rounded-2xl border border-coral-200 bg-coral-50 px-4 py-3 text-sm font-bold text-coral-900"
        >
          {t('account.emailChangeLinkInvalid')}
        </p>
      )}

      <div className="grid gap-6">
        <Card title={t('account.profileSection')}>
          <form
            noValidate
            onSubmit={(event) => void save(event)}
            onFocus={nameCheck.prepare}
            className="grid gap-5"
          >
            <AvatarPicker
              name={user.name}
              image={user.image}
              file={avatar}
              onFile={setAvatar}
              disabled={saving}
            />
            <TextField
              label={t('account.name')}
              name="name"
              autoComplete="name"
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={errors.name}
            />
            <TextField
              label={t('account.email')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              dir="ltr"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              hint={user.emailVerified ? t('account.emailHint') : t('account.emailUnverified')}
              error={errors.email}
            />
            {emailSentTo && (
              <div
                role="status"
                className="flex gap-3 rounded-2xl border border-plum-200 bg-plum-50 px-4 py-3 text-sm text-plum-900"
              >
                <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <div>
                  <p className="font-bold">
                    {t('account.emailChangeSent', { email: ltrIsolate(emailSentTo.current) })}
                  </p>
                  <p className="mt-1">
                    {t('account.emailChangeNext', { email: ltrIsolate(emailSentTo.next) })}
                  </p>
                </div>
              </div>
            )}
            {saveError && (
              <p
                role="alert"
                className="rounded-2xl border border-coral-200 bg-coral-50 px-4 py-3 text-sm font-bold text-coral-900"
              >
                {saveError}
              </p>
            )}
            <Button
              type="submit"
              size="lg"
              className="w-full sm:w-auto sm:justify-self-end"
              disabled={!dirty}
              pending={saving}
            >
              {saving ? t('account.saving') : t('account.save')}
            </Button>
          </form>
        </Card>

        <Card title={t('account.creditsSection')}>
          <div className="flex items-center justify-between gap-4 rounded-2xl bg-coral-50 px-4 py-4">
            <span className="flex items-center gap-2 font-bold text-coral-900">
              <Sparkles aria-hidden="true" className="size-5 text-coral-500" />
              {t('account.balance')}
            </span>
            <span data-testid="account-credits" className="text-2xl font-black text-coral-800 tabular-nums">
              {credits}
            </span>
          </div>
          <p className="mt-3 text-sm text-muted">
            {t('account.plan', { plan: t(`account.tiers.${user.tier.split('_')[0] ?? 'free'}`) })}
          </p>
          <CreditHistory balance={user.credits} />
        </Card>

        <Card title={t('account.dangerSection')} className="border-coral-200">
          <p className="text-sm leading-relaxed text-muted">{t('account.deleteDescription')}</p>
          <button
            type="button"
            className={cn(
              dangerButton,
              'mt-4 border border-coral-300 bg-white text-coral-800 hover:bg-coral-50',
            )}
            onClick={() => setConfirmOpen(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('account.delete')}
          </button>
        </Card>
      </div>

      <DeleteAccountDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onDeleted={onDeleted}
        onSignInAgain={onSignInAgain}
      />
    </div>
  );
}

function DeleteAccountDialog({
  open,
  onClose,
  onDeleted,
  onSignInAgain,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted: () => Promise<void>;
  onSignInAgain: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const [busy, setBusy] = useState(false);

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      labelledBy={titleId}
      describedBy={descriptionId}
      className="max-w-md"
    >
      <div className="p-6 sm:p-7">
        <div
          aria-hidden="true"
          className="mb-4 flex size-12 items-center justify-center rounded-full bg-coral-100 text-coral-700"
        >
          <Trash2 className="size-6" />
        </div>
        <h2 id={titleId} className="text-xl font-black text-ink">
          {t('account.deleteTitle')}
        </h2>
        <p id={descriptionId} className="mt-2 text-sm leading-relaxed text-muted">
          {t('account.deleteConfirm')}
        </p>
        <DeleteAccountForm
          onCancel={onClose}
          onDeleted={onDeleted}
          onSignInAgain={onSignInAgain}
          onBusy={setBusy}
        />
      </div>
    </Dialog>
  );
}

/**
 * The confirmation itself (mounted with the open dialog): the password of an account that has one; for one
 * without (Google only), a sign-in of the last minutes, else the way to sign in again.
 */
function DeleteAccountForm({
  onCancel,
  onDeleted,
  onSignInAgain,
  onBusy,
}: {
  onCancel: () => void;
  onDeleted: () => Promise<void>;
  onSignInAgain: () => Promise<void>;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: ['me', 'deletion-check'],
    queryFn: ({ signal }) => fetchDeletionCheck(signal),
    staleTime: 0,
    gcTime: 0,
  });
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'delete' | 'sign-in' | null>(null);

  const start = (what: 'delete' | 'sign-in') => {
    setPending(what);
    onBusy(true);
  };
  const stop = () => {
    setPending(null);
    onBusy(false);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPasswordError(null);
    const needsPassword = check.data?.confirmWith === 'password';
    if (needsPassword && password === '') {
      setPasswordError(t('auth.fields.required'));
      return;
    }
    start('delete');
    try {
      await deleteAccount(needsPassword ? password : undefined);
      await onDeleted();
    } catch (failure) {
      stop();
      const code = errorCodeOf(failure);
      if (code === 'wrong-password') setPasswordError(t('errors.wrong-password'));
      else setError(t('account.deleteError', { message: errorReason(failure, t) }));
      // A sign-in that was recent enough when the dialog opened may no longer be.
      if (code === 'reauthentication-required') await check.refetch();
    }
  };

  const signInAgain = async () => {
    start('sign-in');
    setError(null);
    try {
      await onSignInAgain();
    } catch (failure) {
      setError(t('account.deleteError', { message: errorReason(failure, t) }));
    } finally {
      stop();
    }
  };

  if (check.isPending) {
    return (
      <div role="status" className="mt-6 flex items-center gap-2 text-sm text-muted">
        <Spinner className="size-4" />
        {t('app.loading')}
      </div>
    );
  }

  const mustSignInAgain = check.data?.confirmWith === 'recent-sign-in' && !check.data.signedInRecently;
  const checkError = check.isError
    ? t('account.deleteError', { message: errorReason(check.error, t) })
    : null;
  const shownError = error ?? checkError;

  return (
    <form noValidate onSubmit={(event) => void confirm(event)} className="mt-5 grid gap-4">
      {check.data?.confirmWith === 'password' && (
        <PasswordField
          label={t('account.deletePassword')}
          name="current-password"
          autoComplete="current-password"
          hint={t('account.deletePasswordHint')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError}
          disabled={pending !== null}
        />
      )}
      {mustSignInAgain && (
        <div
          role="status"
          className="rounded-2xl border border-plum-200 bg-plum-50 px-4 py-3 text-sm text-plum-900"
        >
          <p className="font-bold">
            {t('account.deleteSignInAgain', { minutes: RECENT_SIGN_IN_MS / 60_000 })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            pending={pending === 'sign-in'}
            disabled={pending !== null}
            onClick={() => void signInAgain()}
          >
            <LogIn aria-hidden="true" className="size-4" />
            {t('account.signInAgain')}
          </Button>
        </div>
      )}
      {shownError && (
        <p
          role="alert"
          className="rounded-2xl border border-coral-200 bg-coral-50 px-4 py-3 text-sm font-bold text-coral-900"
        >
          {shownError}
        </p>
      )}
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={pending !== null} onClick={onCancel}>
          {t('account.cancel')}
        </Button>
        <button
          type="submit"
          className={cn(
            dangerButton,
            'bg-coral-700 text-white shadow-sm hover:bg-coral-800 active:bg-coral-900',
          )}
          disabled={pending !== null || mustSignInAgain || check.isError}
        >
          {pending === 'delete' && <Spinner className="size-4 text-white" />}
          {pending === 'delete' ? t('account.deleting') : t('account.deleteConfirmAction')}
        </button>
      </div>
    </form>
  );
}
