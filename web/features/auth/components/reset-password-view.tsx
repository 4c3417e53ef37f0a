import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/accounts/account-rules.ts';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { readAuthNavigationState, type AuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { requestPasswordReset, resetPassword } from '../api/auth-api.ts';
import { useBackGoesHome } from '../hooks/use-back-goes-home.ts';
import { authErrorKey, hasAuthCode } from '../lib/auth-errors.ts';
import { authFieldMessage, hasEmptyField } from '../lib/auth-form-messages.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { AuthShell } from './auth-shell.tsx';
import { EmailField } from './email-field.tsx';
import { FormAlert } from './form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

/** The form's checks load when it is first focused or sent (lazy-resolver.ts). */
const resetRequestValidation = lazyResolver(() =>
  import('../lib/auth-form-resolvers.ts').then((resolvers) => resolvers.resetRequestResolver),
);
const newPasswordValidation = lazyResolver(() =>
  import('../lib/auth-form-resolvers.ts').then((resolvers) => resolvers.newPasswordResolver),
);
/**
 * /reset-password (SPEC §2): ask for the link by email; the link from the mail comes back here with
 * `?token=` (better-auth's redirect) to set the new password, or with `?error=INVALID_TOKEN`.
 */
export function ResetPasswordView() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.reset.title'));
  useBackGoesHome();
  const [params] = useSearchParams();
  const location = useLocation();
  const navState = readAuthNavigationState(location.state);
  const token = params.get('token');
  if (params.has('error') && !token) return <InvalidLink navState={navState} />;
  if (token) return <NewPasswordForm key={token} token={token} navState={navState} />;
  return <RequestLinkForm navState={navState} />;
}

function BackToSignIn({ navState }: { navState: AuthNavigationState }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.signin()} state={navState} className="font-extrabold text-plum-700 hover:underline">
      {t('auth.reset.backToSignIn')}
    </Link>
  );
}

function RequestLinkForm({ navState }: { navState: AuthNavigationState }) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm({
    resolver: resetRequestValidation.resolver,
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = handleSubmit(
    async ({ email }) => {
      setErrorKey(null);
      setSending(true);
      try {
        await requestPasswordReset(email);
        setSent(true);
      } catch (error) {
        // Whether the address has an account is never revealed: only transport problems are shown.
        if (hasAuthCode(error, 'user-not-found', 'credential-account-not-found')) setSent(true);
        else setErrorKey(authErrorKey(error, 'reset'));
      } finally {
        setSending(false);
      }
    },
    (errors) => setErrorKey(hasEmptyField(errors) ? 'auth.fillAllFields' : null),
  );

  return (
    <AuthShell
      title={t('auth.reset.title')}
      subtitle={sent ? undefined : t('auth.reset.subtitle')}
      footer={<BackToSignIn navState={navState} />}
    >
      {sent ? (
        <div className="text-center">
          <div
            aria-hidden="true"
            className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-plum-100 to-coral-100 text-plum-700"
          >
            <MailCheck className="size-7" />
          </div>
          <FormAlert tone="success">{t('auth.reset.sent')}</FormAlert>
          <p className="mt-3 text-sm text-muted">{t('auth.reset.sentHint')}</p>
          <Button variant="ghost" size="sm" className="mt-4" onClick={() => setSent(false)}>
            {t('auth.reset.sendAgain')}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          onFocus={resetRequestValidation.prepare}
          onSubmit={(event) => void submit(event)}
          className="grid gap-4"
        >
          <EmailField {...register('email')} error={authFieldMessage(t, formState.errors.email?.message)} />
          {errorKey && <FormAlert tone="error">{t(errorKey)}</FormAlert>}
          <Button type="submit" size="lg" className="w-full" pending={sending}>
            {sending ? t('auth.reset.sending') : t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

function InvalidLink({ navState }: { navState: AuthNavigationState }) {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.reset.title')} footer={<BackToSignIn navState={navState} />}>
      <FormAlert tone="error">{t('auth.reset.invalidLink')}</FormAlert>
      <ButtonLink to={paths.resetPassword()} replace state={navState} size="lg" className="mt-5 w-full">
        {t('auth.reset.requestNew')}
      </ButtonLink>
    </AuthShell>
  );
}

function NewPasswordForm({ token, navState }: { token: string; navState: AuthNavigationState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm({
    resolver: newPasswordValidation.resolver,
    defaultValues: { password: '', confirm: '' },
    reValidateMode: 'onSubmit',
  });
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);

  if (invalid) return <InvalidLink navState={navState} />;

  const submit = handleSubmit(
    async ({ password }) => {
      setErrorKey(null);
      setSaving(true);
      try {
        await resetPassword({ token, newPassword: password });
        showToast(t('auth.reset.done'), 'success');
        await navigate(paths.signin(), { replace: true, state: navState });
      } catch (error) {
        setSaving(false);
        if (hasAuthCode(error, 'invalid-token', 'token-expired')) setInvalid(true);
        else setErrorKey(authErrorKey(error, 'reset'));
      }
    },
    (errors) => setErrorKey(hasEmptyField(errors) ? 'auth.fillAllFields' : null),
  );
  const fieldError = (field: 'password' | 'confirm') => authFieldMessage(t, formState.errors[field]?.message);

  return (
    <AuthShell
      title={t('auth.reset.newTitle')}
      subtitle={t('auth.reset.newSubtitle')}
      footer={<BackToSignIn navState={navState} />}
    >
      <form
        noValidate
        onFocus={newPasswordValidation.prepare}
        onSubmit={(event) => void submit(event)}
        className="grid gap-4"
      >
        <PasswordField
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          placeholder={t('auth.fields.createPasswordPlaceholder')}
          {...register('password')}
          hint={formState.errors.password ? null : t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={fieldError('password')}
        />
        <PasswordField
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          {...register('confirm')}
          error={fieldError('confirm')}
        />
        {errorKey && <FormAlert tone="error">{t(errorKey)}</FormAlert>}
        <Button type="submit" size="lg" className="w-full" disabled={saving} aria-busy={saving || undefined}>
          {saving ? (
            <Spinner className="size-5 text-white" />
          ) : (
            <KeyRound aria-hidden="true" className="size-5" />
          )}
          {saving ? t('auth.reset.saving') : t('auth.reset.save')}
        </Button>
      </form>
    </AuthShell>
  );
}
