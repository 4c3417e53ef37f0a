import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ACCOUNT_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/accounts/account-rules.ts';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { readAuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { signUpWithEmail } from '../api/auth-api.ts';
import type { AuthSessionPort } from '../auth-session.ts';
import { useBackGoesHome } from '../hooks/use-back-goes-home.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useGoogleAuth } from '../hooks/use-google-auth.ts';
import { authErrorKey } from '../lib/auth-errors.ts';
import { AUTH_MESSAGE_VALUES, authFieldMessage, hasEmptyField } from '../lib/auth-form-messages.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { AuthShell } from './auth-shell.tsx';
import { EmailField } from './email-field.tsx';
import { FormAlert } from './form-alert.tsx';
import { OAuthPopupLanding } from './oauth-popup-landing.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { OrDivider, SocialButtons } from './social-buttons.tsx';
import { VerifyEmailNotice } from './verify-email-notice.tsx';

/** The form's checks load when it is first focused or sent (lazy-resolver.ts). */
const signUpValidation = lazyResolver(() =>
  import('../lib/auth-form-resolvers.ts').then((resolvers) => resolvers.signUpResolver),
);
/** /signup (SPEC §2, §4, §5): name, email, password, Google and Apple; then the verify-your-email message. */
export function SignUpView({ session }: { session: AuthSessionPort }) {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.signUp.title'));
  const [params] = useSearchParams();
  if (params.get('oauth') === 'popup')
    return <OAuthPopupLanding failed={params.has('failed') || params.has('error')} />;
  return <SignUpForm session={session} />;
}

function SignUpForm({ session }: { session: AuthSessionPort }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navState = useMemo(() => readAuthNavigationState(location.state), [location.state]);
  const complete = useCompleteSignIn();
  useBackGoesHome();

  const { register, handleSubmit, formState, resetField } = useForm({
    resolver: signUpValidation.resolver,
    defaultValues: { name: '', email: '', password: '' },
    // As SPEC's form: checked when sent, the messages stay until the next try.
    reValidateMode: 'onSubmit',
  });
  const fieldError = (field: 'name' | 'email' | 'password') =>
    authFieldMessage(t, formState.errors[field]?.message);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { google, oauthReturn } = useGoogleAuth({
    flow: 'google-sign-up',
    page: paths.signup(),
    navState,
    session,
    complete,
    failureKey: 'auth.errors.googleSignUpFailed',
    onFailure: setErrorKey,
  });

  const signedIn = session.status === 'signed-in';
  const idle = !submitting && !google.pending && !oauthReturn.handling;
  useEffect(() => {
    if (signedIn && idle) void complete(navState, null);
  }, [signedIn, idle, complete, navState]);

  const submit = handleSubmit(
    async (input) => {
      setErrorKey(null);
      setSubmitting(true);
      try {
        const result = await signUpWithEmail(input, navState.cardId);
        showToast(t('auth.accountCreated'), 'success');
        if (result?.token) {
          // This server signs new accounts in at once (verification not required): carry on as signed in.
          const user = await session.refresh();
          if (user) {
            await complete(navState, null);
            return;
          }
        }
        setSentTo(input.email);
        resetField('password');
      } catch (error) {
        setErrorKey(authErrorKey(error, 'sign-up'));
      } finally {
        setSubmitting(false);
      }
    },
    (errors) => setErrorKey(hasEmptyField(errors) ? 'auth.fillAllFields' : null),
  );

  if (oauthReturn.handling) {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 text-muted">
        <Spinner />
        <span className="text-sm font-semibold">{t('auth.finishingSignIn')}</span>
      </div>
    );
  }

  if (sentTo) {
    return (
      <AuthShell title={t('auth.signUp.title')} showFlowSteps={Boolean(navState.cardId)}>
        <VerifyEmailNotice email={sentTo} navState={navState} />
      </AuthShell>
    );
  }

  const formErrorKey = errorKey ?? google.errorKey ?? oauthReturn.errorKey;

  return (
    <AuthShell
      title={t('auth.signUp.title')}
      subtitle={t('auth.signUp.subtitle')}
      showFlowSteps={Boolean(navState.cardId)}
      footer={
        <>
          {t('auth.signUp.haveAccount')}{' '}
          <Link to={paths.signin()} state={navState} className="font-extrabold text-plum-700 hover:underline">
            {t('auth.signUp.signInLink')}
          </Link>
        </>
      }
    >
      <SocialButtons onGoogle={google.start} googlePending={google.pending} />
      <OrDivider />
      <form
        noValidate
        onFocus={signUpValidation.prepare}
        onSubmit={(event) => void submit(event)}
        className="grid gap-4"
      >
        <TextField
          label={t('auth.fields.name')}
          autoComplete="name"
          placeholder={t('auth.fields.namePlaceholder')}
          maxLength={ACCOUNT_NAME_MAX_LENGTH}
          {...register('name')}
          error={fieldError('name')}
        />
        <EmailField {...register('email')} error={fieldError('email')} />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="new-password"
          placeholder={t('auth.fields.createPasswordPlaceholder')}
          {...register('password')}
          hint={formState.errors.password ? null : t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={fieldError('password')}
        />
        {formErrorKey && <FormAlert tone="error">{t(formErrorKey, AUTH_MESSAGE_VALUES)}</FormAlert>}
        <Button
          type="submit"
          size="lg"
          className="mt-1 w-full"
          disabled={google.pending}
          pending={submitting}
        >
          {submitting ? t('auth.signUp.submitting') : t('auth.signUp.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
