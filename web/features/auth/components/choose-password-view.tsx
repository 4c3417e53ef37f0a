import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_CALLBACKS, PASSWORD_MIN_LENGTH } from '../../../../shared/accounts/account-rules.ts';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { safeReturnPath } from '../../../lib/auth-navigation-state.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { resetPassword } from '../api/auth-api.ts';
import type { AuthSessionPort } from '../auth-session.ts';
import { authErrorKey, hasAuthCode } from '../lib/auth-errors.ts';
import { authFieldMessage, hasEmptyField } from '../lib/auth-form-messages.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { AuthShell } from './auth-shell.tsx';
import { FormAlert } from './form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

/** The form's checks load when it is first focused or sent (lazy-resolver.ts). */
const choosePasswordValidation = lazyResolver(() =>
  import('../lib/auth-form-resolvers.ts').then((resolvers) => resolvers.choosePasswordResolver),
);
/**
 * /choose-password (docs/decisions/0017-trust.md): a verification link opened in a browser that did not
 * choose the account's password lands here with `?token=` and `next`. The address is verified already; the
 * password typed here becomes the account's and signs this browser in, then the page goes where the link
 * was going (the sign-in page, which carries a card on to checkout).
 */
export function ChoosePasswordView({ session }: { session: AuthSessionPort }) {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.choosePassword.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const next = safeReturnPath(params.get('next')) ?? AUTH_CALLBACKS.emailVerified;
  if (!token) return <ExpiredLink />;
  return <ChoosePasswordForm key={token} token={token} next={next} session={session} />;
}

function ExpiredLink() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.choosePassword.title')}>
      <FormAlert tone="error">{t('auth.choosePassword.invalidLink')}</FormAlert>
      <ButtonLink to={paths.resetPassword()} replace size="lg" className="mt-5 w-full">
        {t('auth.reset.requestNew')}
      </ButtonLink>
    </AuthShell>
  );
}

function ChoosePasswordForm({
  token,
  next,
  session,
}: {
  token: string;
  next: string;
  session: AuthSessionPort;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm({
    resolver: choosePasswordValidation.resolver,
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
  });
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [saving, setSaving] = useState(false);

  if (expired) return <ExpiredLink />;

  const submit = handleSubmit(
    async ({ password }) => {
      setErrorKey(null);
      setSaving(true);
      try {
        // The server keeps this password and signs this browser in with it.
        await resetPassword({ token, newPassword: password });
        await session.refresh();
        await navigate(next, { replace: true });
      } catch (error) {
        setSaving(false);
        if (hasAuthCode(error, 'invalid-token', 'token-expired')) setExpired(true);
        else setErrorKey(authErrorKey(error, 'reset'));
      }
    },
    (errors) => setErrorKey(hasEmptyField(errors) ? 'auth.fillAllFields' : null),
  );
  const passwordError = authFieldMessage(t, formState.errors.password?.message);

  return (
    <AuthShell title={t('auth.choosePassword.title')} subtitle={t('auth.choosePassword.subtitle')}>
      <form
        noValidate
        onFocus={choosePasswordValidation.prepare}
        onSubmit={(event) => void submit(event)}
        className="grid gap-4"
      >
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="new-password"
          placeholder={t('auth.fields.createPasswordPlaceholder')}
          {...register('password')}
          hint={passwordError ? null : t('auth.choosePassword.hint', { min: PASSWORD_MIN_LENGTH })}
          error={passwordError}
        />
        {errorKey && <FormAlert tone="error">{t(errorKey)}</FormAlert>}
        <Button type="submit" size="lg" className="w-full" disabled={saving} aria-busy={saving || undefined}>
          {saving ? (
            <Spinner className="size-5 text-white" />
          ) : (
            <KeyRound aria-hidden="true" className="size-5" />
          )}
          {saving ? t('auth.choosePassword.saving') : t('auth.choosePassword.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
