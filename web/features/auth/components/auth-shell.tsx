import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import { CreateFlowSteps } from '../../../components/create-flow-steps.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * The frame of the sign-in, sign-up and reset screens: back to home, the create-flow step 'auth' when the
 * user came from a card, and a card holding the form.
 */
export function AuthShell({
  title,
  subtitle,
  showFlowSteps = false,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  showFlowSteps?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="hero-glow-cool pointer-events-none absolute -start-40 -top-40 -z-10 size-[28rem] opacity-60"
      />
      <div
        aria-hidden="true"
        className="hero-glow-warm pointer-events-none absolute -end-48 top-40 -z-10 size-[30rem] opacity-25"
      />
      <div className="mx-auto w-full max-w-md px-4 pt-5 pb-10 sm:pt-8">
        <Link
          to={paths.home()}
          replace
          className="mb-5 inline-flex h-9 items-center gap-1.5 rounded-full px-2 text-sm font-bold text-plum-800 hover:bg-plum-100/70"
        >
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('common.backToHome')}
        </Link>
        {showFlowSteps && <CreateFlowSteps current="auth" className="mb-6" />}
        <div className="rounded-3xl border border-plum-100/80 bg-white p-6 shadow-card sm:p-8">
          <h1 className="text-2xl font-black tracking-tight text-balance text-ink sm:text-[1.7rem]">
            {title}
          </h1>
          {subtitle && <p className="mt-1.5 text-sm leading-relaxed text-muted">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
      </div>
    </div>
  );
}
