import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { reportToOpener } from '../lib/google-popup.ts';

/**
 * The page Google returns the popup to: report to the opener and close. If the window cannot close (it was
 * not opened as a popup after all), it carries on as a redirect return in this window.
 */
export function OAuthPopupLanding({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [stuck, setStuck] = useState(false);

  useEffect(() => {
    reportToOpener({ ok: !failed });
    const closeTimer = window.setTimeout(() => window.close(), 50);
    const fallbackTimer = window.setTimeout(() => {
      setStuck(true);
      const params = new URLSearchParams(location.search);
      params.set('oauth', 'redirect');
      void navigate(`${location.pathname}?${params.toString()}`, { replace: true });
    }, 1_000);
    return () => {
      window.clearTimeout(closeTimer);
      window.clearTimeout(fallbackTimer);
    };
  }, [failed, location.pathname, location.search, navigate]);

  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 px-6 text-center"
    >
      <Spinner className="size-7" />
      <p className="font-bold text-ink">{t('auth.finishingSignIn')}</p>
      {!stuck && <p className="text-sm text-muted">{t('auth.canCloseWindow')}</p>}
    </div>
  );
}
