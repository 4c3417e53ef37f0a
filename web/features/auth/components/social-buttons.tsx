import { useTranslation } from '../../../lib/translation.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { showToast } from '../../../components/toast.tsx';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5Z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44Z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z"
      />
    </svg>
  );
}

function AppleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5 fill-current">
      <path d="M16.37 12.6c-.02-2.3 1.88-3.4 1.97-3.46-1.07-1.57-2.74-1.78-3.33-1.8-1.42-.15-2.77.83-3.49.83-.72 0-1.83-.81-3.01-.79-1.55.02-2.98.9-3.78 2.29-1.61 2.8-.41 6.94 1.16 9.21.77 1.11 1.68 2.36 2.88 2.31 1.16-.05 1.59-.75 2.99-.75 1.39 0 1.79.75 3.01.72 1.24-.02 2.03-1.13 2.79-2.25.88-1.29 1.24-2.54 1.26-2.6-.03-.01-2.42-.93-2.45-3.71ZM14.08 5.85c.64-.77 1.07-1.85.95-2.92-.92.04-2.03.61-2.69 1.38-.59.68-1.11 1.77-.97 2.82 1.03.08 2.07-.52 2.71-1.28Z" />
    </svg>
  );
}

const buttonBase =
  'inline-flex h-12 w-full items-center justify-center gap-2.5 rounded-full text-[0.95rem] font-bold transition-colors disabled:pointer-events-none disabled:opacity-60';

/** Google and Apple. Apple sign-in is not offered: its button only explains that (SPEC §1). */
export function SocialButtons({ onGoogle, googlePending }: { onGoogle: () => void; googlePending: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <button
        type="button"
        data-testid="google-button"
        onClick={onGoogle}
        disabled={googlePending}
        aria-busy={googlePending || undefined}
        className={`${buttonBase} border border-plum-200 bg-white text-ink shadow-xs hover:border-plum-300 hover:bg-plum-50`}
      >
        {googlePending ? <Spinner /> : <GoogleLogo />}
        {googlePending ? t('auth.googleWorking') : t('auth.google')}
      </button>
      <button
        type="button"
        data-testid="apple-button"
        onClick={() => showToast(t('auth.appleUnavailable'), 'info')}
        className={`${buttonBase} bg-ink text-white hover:bg-plum-950`}
      >
        <AppleLogo />
        {t('auth.apple')}
      </button>
    </div>
  );
}

/** The "or" rule between the social buttons and the email form. */
export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-bold tracking-wide text-muted uppercase">
      <span aria-hidden="true" className="h-px flex-1 bg-plum-100" />
      {t('auth.or')}
      <span aria-hidden="true" className="h-px flex-1 bg-plum-100" />
    </div>
  );
}
