import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { SentenceWithAddress } from '../../../components/sentence-with-address.tsx';
import { paths } from '../../../config/paths.ts';
import type { AuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { sendVerificationEmail } from '../api/auth-api.ts';
import { authErrorKey } from '../lib/auth-errors.ts';
import { scrollBehavior } from '../../../lib/motion.ts';

/** After sign-up (SPEC §2): the link was sent to {email}; check inbox and spam; then sign in. */
export function VerifyEmailNotice({ email, navState }: { email: string; navState: AuthNavigationState }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The panel replaces a longer form: on a phone the page stays scrolled to where the form's button was,
    // below the panel. Its heading takes the focus the vanished button had, in the middle of the screen
    // (clear of the sticky header and of the notice under it).
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
  }, []);

  const resend = async () => {
    setState('sending');
    setErrorKey(null);
    try {
      await sendVerificationEmail(email);
      setState('sent');
    } catch (error) {
      setState('idle');
      setErrorKey(authErrorKey(error, 'verify'));
    }
  };

  return (
    <div data-testid="verify-email-notice" className="text-center">
      <div
        aria-hidden="true"
        className="mx-auto mb-5 flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-plum-100 to-coral-100 text-plum-700"
      >
        <MailCheck className="size-8" />
      </div>
      <h2 ref={heading} tabIndex={-1} className="text-xl font-black text-ink outline-none">
        {t('auth.verify.title')}
      </h2>
      <p role="status" data-testid="verify-email-sent-to" className="mt-3 text-sm leading-relaxed text-ink">
        <SentenceWithAddress
          sentence={(address) => t('auth.verify.sentTo', { email: address })}
          address={email}
        />
      </p>
      <p className="mt-2 text-sm leading-relaxed text-muted">{t('auth.verify.checkInbox')}</p>
      <ButtonLink to={paths.signin()} state={navState} size="lg" className="mt-6 w-full">
        {t('auth.verify.goToSignIn')}
      </ButtonLink>
      <div className="mt-4 text-sm">
        {state === 'sent' ? (
          <p role="status" className="font-semibold text-emerald-800">
            {t('auth.verificationResent')}
          </p>
        ) : (
          <Button variant="ghost" size="sm" disabled={state === 'sending'} onClick={() => void resend()}>
            {state === 'sending' ? t('auth.resending') : t('auth.resendVerification')}
          </Button>
        )}
        {errorKey && (
          <p role="alert" className="mt-2 font-semibold text-coral-800">
            {t(errorKey)}
          </p>
        )}
      </div>
    </div>
  );
}
