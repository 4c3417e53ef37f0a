import { MailCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { readAuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { SIGN_IN_LINK_LIFETIME_MINUTES } from '../../../../shared/accounts/account-rules.ts';
import { requestSignInLink, sendVerificationEmail, signInWithEmail } from '../api/auth-api.ts';
import type { AuthSessionPort } from '../auth-session.ts';
import { useBackGoesHome } from '../hooks/use-back-goes-home.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useGoogleAuth } from '../hooks/use-google-auth.ts';
import { authErrorKey, isAccountLocked, isEmailNotVerified } from '../lib/auth-errors.ts';
import { AUTH_MESSAGE_VALUES, authFieldMessage, hasEmptyField } from '../lib/auth-form-messages.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { AuthShell } from './auth-shell.tsx';
import { EmailField } from './email-field.tsx';
import { FormAlert } from './form-alert.tsx';
import { OAuthPopupLanding } from './oauth-popup-landing.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { OrDivider, SocialButtons } from './social-buttons.tsx';
import { ltrIsolate } from '../../../lib/ltr-isolate.ts';

type ResendState = 'idle' | 'sending' | 'sent';

/** The form's checks load when it is first focused or sent (lazy-resolver.ts). */
const signInValidation = lazyResolver(() =>
  import('../lib/auth-form-resolvers.ts').then((resolvers) => resolvers.signInResolver),
);
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

  const { register, handleSubmit, formState } = useForm({
    resolver: signInValidation.resolver,
    defaultValues: { email: '', password: '' },
    // As SPEC's form: checked when sent, the messages stay until the next try.
    reValidateMode: 'onSubmit',
  });
  const fieldError = (field: 'email' | 'password') => authFieldMessage(t, formState.errors[field]?.message);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resend, setResend] = useState<ResendState>('idle');
  const [resendErrorKey, setResendErrorKey] = useState<string | null>(null);
  const [lockedEmail, setLockedEmail] = useState<string | null>(null);
  const [link, setLink] = useState<ResendState>('idle');
  const [linkErrorKey, setLinkErrorKey] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const verified = params.get('verified') === '1';
  const verifyFailed = verified && params.has('error');
  // A mailed sign-in link lands here: signed in, or with `error=` once used or expired.
  const linkLanding = params.get('link') === '1';
  const linkFailed = linkLanding && params.has('error');

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
    if (signedIn && idle) void complete(navState, verified || linkLanding ? 'auth.signedIn' : null);
  }, [signedIn, idle, complete, navState, verified, linkLanding]);

  const submit = handleSubmit(
    async ({ email, password }) => {
      setUnverifiedEmail(null);
      setLockedEmail(null);
      setResend('idle');
      setErrorKey(null);
      setSubmitting(true);
      try {
        await signInWithEmail({ email, password });
        const user = await session.refresh();
        if (!user) throw new Error('No session after sign-in');
        await complete(navState, 'auth.signedIn');
      } catch (error) {
        setSubmitting(false);
        if (isEmailNotVerified(error)) {
          setUnverifiedEmail(email);
          return;
        }
        if (isAccountLocked(error)) {
          setLockedEmail(email);
          setLink('idle');
          return;
        }
        setErrorKey(authErrorKey(error, 'sign-in'));
      }
    },
    (errors) => {
      setUnverifiedEmail(null);
      setLockedEmail(null);
      setResend('idle');
      setErrorKey(hasEmptyField(errors) ? 'auth.fillAllFields' : null);
    },
  );

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

  const sendSignInLink = async () => {
    if (!lockedEmail) return;
    setLink('sending');
    setLinkErrorKey(null);
    try {
      await requestSignInLink(lockedEmail);
      setLink('sent');
    } catch (error) {
      setLink('idle');
      setLinkErrorKey(authErrorKey(error, 'sign-in'));
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
      {linkFailed && (
        <FormAlert tone="error" className="mb-5">
          {t('auth.signInLink.invalid')}
        </FormAlert>
      )}
      <SocialButtons onGoogle={google.start} googlePending={google.pending} />
      <OrDivider />
      <form
        noValidate
        onFocus={signInValidation.prepare}
        onSubmit={(event) => void submit(event)}
        className="grid gap-4"
        aria-describedby={formErrorKey ? 'signin-error' : undefined}
      >
        <EmailField {...register('email')} error={fieldError('email')} />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          placeholder={t('auth.fields.passwordPlaceholder')}
          {...register('password')}
          error={fieldError('password')}
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
            {t(formErrorKey, AUTH_MESSAGE_VALUES)}
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
        {lockedEmail && (
          <FormAlert
            tone="error"
            action={
              link === 'sent' ? (
                <p role="status" className="flex items-start gap-1.5 font-semibold text-emerald-800">
                  <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {t('auth.signInLink.sent', {
                    email: ltrIsolate(lockedEmail),
                    minutes: SIGN_IN_LINK_LIFETIME_MINUTES,
                  })}
                </p>
              ) : (
                <>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={link === 'sending'}
                    onClick={() => void sendSignInLink()}
                  >
                    {link === 'sending' ? t('auth.signInLink.sending') : t('auth.signInLink.send')}
                  </Button>
                  {linkErrorKey && (
                    <p className="mt-2 font-semibold text-coral-800">
                      {t(linkErrorKey, AUTH_MESSAGE_VALUES)}
                    </p>
                  )}
                </>
              )
            }
          >
            {t('errors.account-locked')}
          </FormAlert>
        )}
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy} pending={submitting}>
          {submitting ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
