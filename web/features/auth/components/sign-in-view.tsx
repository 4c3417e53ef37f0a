import { MailCheck } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { readAuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { sendVerificationEmail, signInWithEmail } from '../api/auth-api.ts';
import type { AuthSessionPort } from '../auth-session.ts';
import { useBackGoesHome } from '../hooks/use-back-goes-home.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useGoogleAuth } from '../hooks/use-google-auth.ts';
import { authErrorKey, isEmailNotVerified } from '../lib/auth-errors.ts';
import { AuthShell } from './auth-shell.tsx';
import { EmailField } from './email-field.tsx';
import { FormAlert } from './form-alert.tsx';
import { OAuthPopupLanding } from './oauth-popup-landing.tsx';
import { PasswordField } from './password-field.tsx';
import { OrDivider, SocialButtons } from './social-buttons.tsx';

type ResendState = 'idle' | 'sending' | 'sent';

/** /signin (SPEC §2, §4, §5): Google, Apple (informational), and email + password. */
export function SignInView({ session }: { session: AuthSessionPort }) {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.signIn.title'));
  const [params] = useSearchParams();
  if (params.get('oauth') === 'popup')
    return <OAuthPopupLanding failed={params.has('failed') || params.has('error')} />;
  return <SignInForm session={session} />;
}

function SignInForm({ session }: { session: AuthSessionPort }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const verifiedCardId = params.get('verified') === '1' ? params.get('card') : null;
  // A verification link may carry the card the new user was sharing: go on to checkout with it.
  const navState = useMemo(() => {
    const state = readAuthNavigationState(location.state);
    const carried = readAuthNavigationState({ cardId: verifiedCardId });
    return carried.cardId ? { ...state, cardId: carried.cardId, returnToCheckout: true } : state;
  }, [location.state, verifiedCardId]);
  const complete = useCompleteSignIn();
  useBackGoesHome();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email: boolean; password: boolean }>({
    email: false,
    password: false,
  });
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resend, setResend] = useState<ResendState>('idle');
  const [resendErrorKey, setResendErrorKey] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const verified = params.get('verified') === '1';
  const verifyFailed = verified && params.has('error');

  const { google, oauthReturn } = useGoogleAuth({
    flow: 'google-sign-in',
    page: paths.signin(),
    navState,
    session,
    complete,
    failureKey: 'auth.errors.googleSignInFailed',
    onFailure: setErrorKey,
  });

  // Already signed in (a finished popup noticed on focus, auto sign-in after verifying): carry on.
  const signedIn = session.status === 'signed-in';
  const idle = !submitting && !google.pending && !oauthReturn.handling;
  useEffect(() => {
    if (signedIn && idle) void complete(navState, verified ? 'auth.signedIn' : null);
  }, [signedIn, idle, complete, navState, verified]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const nextMissing = { email: trimmedEmail === '', password: password === '' };
    setMissing(nextMissing);
    setUnverifiedEmail(null);
    setResend('idle');
    if (nextMissing.email || nextMissing.password) {
      setErrorKey('auth.fillAllFields');
      return;
    }
    setErrorKey(null);
    setSubmitting(true);
    try {
      await signInWithEmail({ email: trimmedEmail, password });
      const user = await session.refresh();
      if (!user) throw new Error('No session after sign-in');
      await complete(navState, 'auth.signedIn');
    } catch (error) {
      setSubmitting(false);
      if (isEmailNotVerified(error)) {
        setUnverifiedEmail(trimmedEmail);
        return;
      }
      setErrorKey(authErrorKey(error, 'sign-in'));
    }
  };

  const resendVerification = async () => {
    if (!unverifiedEmail) return;
    setResend('sending');
    setResendErrorKey(null);
    try {
      await sendVerificationEmail(unverifiedEmail, navState.cardId);
      setResend('sent');
    } catch (error) {
      setResend('idle');
      setResendErrorKey(authErrorKey(error, 'verify'));
    }
  };

  if (oauthReturn.handling) {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 text-muted">
        <Spinner />
        <span className="text-sm font-semibold">{t('auth.finishingSignIn')}</span>
      </div>
    );
  }

  const formErrorKey = errorKey ?? google.errorKey ?? oauthReturn.errorKey;
  const busy = submitting || google.pending;

  return (
    <AuthShell
      title={t('auth.signIn.title')}
      subtitle={t('auth.signIn.subtitle')}
      showFlowSteps={Boolean(navState.cardId)}
      footer={
        <>
          {t('auth.signIn.noAccount')}{' '}
          <Link to={paths.signup()} state={navState} className="font-extrabold text-plum-700 hover:underline">
            {t('auth.signIn.signUpLink')}
          </Link>
        </>
      }
    >
      {verified && !verifyFailed && (
        <FormAlert tone="success" className="mb-5">
          {t('auth.emailVerified')}
        </FormAlert>
      )}
      {verifyFailed && (
        <FormAlert tone="error" className="mb-5">
          {t('auth.verifyLinkInvalid')}
        </FormAlert>
      )}
      <SocialButtons onGoogle={google.start} googlePending={google.pending} />
      <OrDivider />
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-4"
        aria-describedby={formErrorKey ? 'signin-error' : undefined}
      >
        <EmailField
          value={email}
          onChange={setEmail}
          error={missing.email ? t('auth.fields.required') : null}
        />
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          placeholder={t('auth.fields.passwordPlaceholder')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={missing.password ? t('auth.fields.required') : null}
        />
        <div className="-mt-1 flex justify-end">
          <Link
            to={paths.resetPassword()}
            state={navState}
            className="text-sm font-bold text-plum-700 hover:underline"
          >
            {t('auth.signIn.forgotPassword')}
          </Link>
        </div>
        {formErrorKey && (
          <FormAlert tone="error" id="signin-error">
            {t(formErrorKey, { min: 8 })}
          </FormAlert>
        )}
        {unverifiedEmail && (
          <FormAlert
            tone="info"
            action={
              resend === 'sent' ? (
                <p className="flex items-center gap-1.5 font-semibold text-emerald-800">
                  <MailCheck aria-hidden="true" className="size-4" />
                  {t('auth.verificationResent')}
                </p>
              ) : (
                <>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={resend === 'sending'}
                    onClick={() => void resendVerification()}
                  >
                    {resend === 'sending' ? t('auth.resending') : t('auth.resendVerification')}
                  </Button>
                  {resendErrorKey && <p className="mt-2 font-semibold text-coral-800">{t(resendErrorKey)}</p>}
                </>
              )
            }
          >
            {t('auth.verifyBeforeSignIn')}
          </FormAlert>
        )}
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy} pending={submitting}>
          {submitting ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
