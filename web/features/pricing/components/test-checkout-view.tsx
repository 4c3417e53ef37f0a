import { CircleCheck, FlaskConical, Lock, SearchX, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCompleteTestCheckout, useTestCheckoutOrder } from '../api/payments-api.ts';
import { errorReason } from '../../../lib/error-message.ts';
import { isNotFound } from '../lib/payment-errors.ts';
import { formatCount, formatPrice } from '../lib/plan-cards.ts';
import { ltrIsolate } from '../../../lib/ltr-isolate.ts';
import type { TestCheckoutOrder } from '../../../../shared/payments/payments.contract.ts';

/**
 * The built-in checkout of a server without Stripe (DESIGN §1.10): clearly a test, it shows the order and
 * completes it — the server grants the credits and tier as a paid Stripe event would. No card details exist.
 */
export function TestCheckoutView({
  orderId,
  onCompleted,
}: {
  orderId: string;
  /** After the server granted the order: on to /pricing?success=true. */
  onCompleted: () => Promise<void> | void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('testCheckout.documentTitle'));
  const order = useTestCheckoutOrder(orderId);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <TestModeBanner />
      {order.isPending ? (
        <CheckoutSkeleton />
      ) : order.isError ? (
        isNotFound(order.error) ? (
          <EmptyState
            role="alert"
            className="mt-6 rounded-3xl border border-plum-100 bg-white shadow-card"
            icon={<SearchX className="size-7" />}
            title={t('testCheckout.notFoundTitle')}
            description={t('testCheckout.notFoundBody')}
            action={<ButtonLink to={paths.pricing()}>{t('testCheckout.seePlans')}</ButtonLink>}
          />
        ) : (
          <ErrorState error={order.error} onRetry={() => void order.refetch()} className="mt-6" />
        )
      ) : (
        <OrderCheckout order={order.data} onCompleted={onCompleted} />
      )}
    </div>
  );
}

function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      data-testid="test-mode-banner"
      className="flex flex-col gap-3 rounded-3xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:p-5"
    >
      <span className="inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full bg-amber-400 px-3 py-1 text-xs font-black tracking-wider text-amber-950 uppercase">
        <FlaskConical aria-hidden="true" className="size-4" />
        {t('testCheckout.badge')}
      </span>
      <div>
        <p className="font-black">{t('testCheckout.banner')}</p>
        <p className="mt-0.5 text-sm text-amber-900">{t('testCheckout.bannerDetail')}</p>
      </div>
    </div>
  );
}

function OrderCheckout({
  order,
  onCompleted,
}: {
  order: TestCheckoutOrder;
  onCompleted: () => Promise<void> | void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const complete = useCompleteTestCheckout(order.id);
  const planName = t(`pricing.plans.${order.planId}.name`);
  const price = formatPrice(order.priceCents, language);
  const monthly = order.billingCycle === 'monthly';
  const completed = order.status === 'completed';
  // Busy from the click until the next page, not just until the server answers.
  const busy = complete.isPending || complete.isSuccess;

  const onComplete = () =>
    complete.mutate(undefined, {
      onSuccess: () => void onCompleted(),
      onError: (error) => {
        const message = errorReason(error, t);
        showToast(t('testCheckout.failed', { message }), 'error');
      },
    });

  return (
    <>
      <h1 className="mt-8 text-3xl leading-tight font-black text-balance text-ink sm:text-4xl">
        {completed ? t('pricing.success.testTitle') : t('testCheckout.title')}
      </h1>
      <div className="mt-6 grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section
          aria-labelledby="test-checkout-summary"
          data-testid="test-checkout-summary"
          className="rounded-3xl border border-plum-100 bg-white p-5 shadow-card sm:p-7"
        >
          <h2
            id="test-checkout-summary"
            className="text-xs font-extrabold tracking-wide text-coral-700 uppercase"
          >
            {t('testCheckout.summary')}
          </h2>
          <div className="mt-4 flex items-center gap-3">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-plum-700 to-plum-900 text-coral-300">
              <Sparkles aria-hidden="true" className="size-6" />
            </span>
            <div>
              <p className="text-xl font-black text-ink">{planName}</p>
              <p className="text-sm font-semibold text-muted">
                {t(`testCheckout.cycles.${order.billingCycle}`)}
              </p>
            </div>
          </div>
          <dl className="mt-6 divide-y divide-plum-100 text-sm">
            <SummaryRow label={t('testCheckout.price')}>
              {monthly ? (
                t('testCheckout.pricePerMonth', { price: ltrIsolate(price) })
              ) : (
                <span dir="ltr">{price}</span>
              )}
            </SummaryRow>
            <SummaryRow label={t('testCheckout.credits')}>
              <span className="inline-flex items-center gap-1.5 text-coral-800">
                <Sparkles aria-hidden="true" className="size-4 text-coral-500" />
                {t('testCheckout.creditsValue', {
                  count: order.creditsToAdd,
                  amount: formatCount(order.creditsToAdd, language),
                })}
              </span>
            </SummaryRow>
          </dl>
          <div className="mt-4 flex items-baseline justify-between gap-4 rounded-2xl bg-plum-50 px-4 py-3">
            <span className="font-extrabold text-ink">{t('testCheckout.total')}</span>
            <span className="text-end">
              <span className="block text-2xl font-black text-ink tabular-nums">
                <span dir="ltr">{price}</span>
              </span>
              <span className="block text-xs font-bold text-amber-800">{t('testCheckout.notCharged')}</span>
            </span>
          </div>
        </section>

        <section
          aria-labelledby="test-checkout-payment"
          className="rounded-3xl border border-plum-100 bg-white p-5 shadow-card sm:p-7"
        >
          {completed ? (
            <div className="text-center">
              <CircleCheck aria-hidden="true" className="mx-auto size-12 text-emerald-600" />
              <h2 id="test-checkout-payment" className="mt-3 text-xl font-black text-ink">
                {t('testCheckout.completedBody')}
              </h2>
              <ButtonLink to={paths.pricing()} size="lg" className="mt-6 w-full">
                {t('testCheckout.backToPlans')}
              </ButtonLink>
            </div>
          ) : (
            <>
              <h2 id="test-checkout-payment" className="text-xl font-black text-ink">
                {t('testCheckout.payment')}
              </h2>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t('testCheckout.intro')}</p>
              <div className="mt-6 flex flex-col gap-3">
                <Button size="lg" className="w-full" pending={busy} onClick={onComplete}>
                  {busy ? t('testCheckout.completing') : t('testCheckout.complete')}
                </Button>
                <ButtonLink
                  to={paths.pricing()}
                  size="lg"
                  variant="ghost"
                  className="w-full"
                  aria-disabled={busy || undefined}
                  onClick={(event) => {
                    if (busy) event.preventDefault();
                  }}
                >
                  {t('testCheckout.cancel')}
                </ButtonLink>
              </div>
              <p className="mt-5 flex items-center justify-center gap-1.5 text-xs font-semibold text-muted">
                <Lock aria-hidden="true" className="size-3.5" />
                {t('testCheckout.noCardNeeded')}
              </p>
            </>
          )}
        </section>
      </div>
    </>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-extrabold text-ink">{children}</dd>
    </div>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2" role="status" aria-busy="true">
      <Skeleton className="h-80 rounded-3xl" />
      <Skeleton className="h-64 rounded-3xl" />
    </div>
  );
}
