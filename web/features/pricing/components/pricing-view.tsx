import { CircleHelp, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { BillingCycle } from '../../../../shared/payments/plans.ts';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePaymentOptions } from '../api/payments-api.ts';
import { useStartCheckout } from '../hooks/use-start-checkout.ts';
import { formatCount, heldPlan, planCards, type AiProviders } from '../lib/plan-cards.ts';
import { cycleFromSearch, isPurchaseSuccess } from '../lib/pricing-url.ts';
import { BillingCycleToggle } from './billing-cycle-toggle.tsx';
import { PlanCard } from './plan-card.tsx';
import { PurchaseSuccessDialog } from './purchase-success-dialog.tsx';
import { PaymentModeNote } from './payment-mode-note.tsx';
import { CARD_UNLOCK_COST } from '../../../../shared/cards/card-rules.ts';

/** What the page needs to know about the visitor (the session feature's user, as the route passes it). */
export interface PricingViewer {
  status: 'loading' | 'signed-in' | 'signed-out';
  /** 'free', 'plus_bulk', …; null when signed out. */
  tier: string | null;
  credits: number | null;
  /** Reloads the session (when the server says it ended). */
  refresh: () => Promise<unknown>;
}

/**
 * /pricing (SPEC §2, §4, §9): the Monthly / Bulk Packs switch and the three plans, the viewer's plan marked
 * current, Buy → checkout (or sign-in first), and the success modal on the return from a purchase.
 */
export function PricingView({
  viewer,
  aiProviders,
  onBackToCard,
}: {
  viewer: PricingViewer;
  /** This server's AI providers (the plans promise only what it has); none while unknown. */
  aiProviders: AiProviders | undefined;
  /** After a purchase: back to the card that was being paid for, when there is one. */
  onBackToCard?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pricing.documentTitle'));
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = viewer.status === 'signed-in';
  const planViewer = { signedIn, tier: viewer.tier };
  const held = heldPlan(planViewer);
  // The URL's choice, else the cycle of the plan the member holds, so a bulk buyer sees their pack.
  const cycle: BillingCycle = cycleFromSearch(params) ?? held?.cycle ?? 'monthly';

  const setCycle = (next: BillingCycle) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('cycle', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  // The return from a purchase opens the modal once; the query is then cleared without a history entry.
  const success = isPurchaseSuccess(params);
  const [successOpen, setSuccessOpen] = useState(false);
  if (success && !successOpen) setSuccessOpen(true);
  useEffect(() => {
    if (success)
      void navigate(
        { pathname: location.pathname, search: '', hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
  }, [success, navigate, location.pathname, location.hash]);

  const { start, pending } = useStartCheckout({
    signedIn,
    returnTo: paths.pricing({ cycle: cycle === 'bulk' ? 'bulk' : null }),
    onSessionLost: viewer.refresh,
  });

  const paymentOptions = usePaymentOptions();
  const purchasesUnavailable = paymentOptions.data?.provider === 'unavailable';
  const language = i18n.resolvedLanguage;
  const cards = planCards(cycle, planViewer, aiProviders);

  return (
    <div className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[28rem] bg-gradient-to-b from-plum-100/70 via-coral-50/60 to-transparent"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-10 pb-16 sm:px-6 sm:pt-14 lg:px-8 lg:pb-24">
        <header className="mx-auto max-w-2xl text-center">
          <p className="text-xs font-extrabold tracking-wide text-coral-700 uppercase">
            {t('pricing.eyebrow')}
          </p>
          <h1 className="mt-2 text-3xl leading-tight font-black text-balance text-ink sm:text-5xl">
            {t('pricing.title')}
          </h1>
          <p className="mt-4 text-base leading-relaxed text-pretty text-muted sm:text-lg">
            {t('pricing.intro', { cost: CARD_UNLOCK_COST })}
          </p>
        </header>

        {signedIn && viewer.credits !== null && (
          <dl
            data-testid="pricing-account"
            className="mx-auto mt-6 flex w-fit flex-wrap items-center justify-center gap-x-4 gap-y-1 rounded-full border border-plum-100 bg-white/80 px-5 py-2 text-sm shadow-xs"
          >
            <div className="flex items-center gap-1.5">
              <Sparkles aria-hidden="true" className="size-4 text-coral-500" />
              <dt className="text-muted">{t('pricing.account.balance')}</dt>
              <dd className="font-extrabold text-ink tabular-nums">
                {t('pricing.account.credits', {
                  count: viewer.credits,
                  amount: formatCount(viewer.credits, language),
                })}
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="text-muted">{t('pricing.account.plan')}</dt>
              <dd className="font-extrabold text-ink">
                {held
                  ? t(`pricing.account.held.${held.cycle}`, { plan: t(`pricing.plans.${held.planId}.name`) })
                  : t('pricing.plans.free.name')}
              </dd>
            </div>
          </dl>
        )}

        <div className="mt-6 empty:hidden">
          <PaymentModeNote />
        </div>

        <div className="mt-8 flex justify-center">
          <BillingCycleToggle value={cycle} onChange={setCycle} />
        </div>

        <div
          data-testid="plan-cards"
          data-cycle={cycle}
          className="mx-auto mt-12 grid max-w-md items-stretch gap-8 lg:max-w-none lg:grid-cols-3 lg:gap-6 xl:gap-8"
        >
          {cards.map((plan) => (
            <PlanCard
              key={plan.planId}
              plan={plan}
              loading={viewer.status === 'loading'}
              busy={pending?.planId === plan.planId}
              locked={purchasesUnavailable || (pending !== null && pending.planId !== plan.planId)}
              onBuy={() => {
                if (plan.planId !== 'free') start({ planId: plan.planId, cycle });
              }}
            />
          ))}
        </div>

        <div className="mx-auto mt-12 flex max-w-2xl flex-col items-center gap-3 text-center text-sm text-muted">
          <p>{t('pricing.footnote', { cost: CARD_UNLOCK_COST })}</p>
          <Link
            to={paths.faqs()}
            className="inline-flex items-center gap-1.5 rounded-full font-bold text-plum-700 underline-offset-4 hover:underline"
          >
            <CircleHelp aria-hidden="true" className="size-4" />
            {t('pricing.faqLink')}
          </Link>
        </div>
      </div>

      <PurchaseSuccessDialog
        // It says whether money was taken, so it waits for the server to say how purchases are made.
        open={successOpen && !paymentOptions.isPending}
        testMode={paymentOptions.data?.provider === 'test-mode'}
        onClose={() => setSuccessOpen(false)}
        onBackToCard={onBackToCard}
        credits={viewer.status === 'signed-out' ? undefined : viewer.credits}
      />
    </div>
  );
}
