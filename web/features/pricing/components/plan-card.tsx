import { Check, Crown, Heart, Sparkles, Star } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { NEW_USER_CREDITS } from '../../../../shared/accounts/account-rules.ts';
import type { PlanId } from '../../../../shared/payments/plans.ts';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { ltrIsolate } from '../../../lib/ltr-isolate.ts';
import { formatCount, formatPrice, pricePerCardCents, type PlanCardModel } from '../lib/plan-cards.ts';

const PLAN_ICONS: Record<PlanId, ReactNode> = {
  free: <Heart aria-hidden="true" className="size-5" />,
  plus: <Sparkles aria-hidden="true" className="size-5" />,
  premium: <Crown aria-hidden="true" className="size-5" />,
};

/**
 * One plan on /pricing (SPEC §2, §9): name, price for the chosen cycle, the credits it adds, what it includes
 * and its one action. The popular plan (Plus) is the dark, raised card.
 */
export function PlanCard({
  plan,
  loading,
  onBuy,
  busy,
  locked,
}: {
  plan: PlanCardModel;
  /** The session is still loading: the action is not known yet. */
  loading: boolean;
  onBuy: () => void;
  /** This card's checkout is opening. */
  busy: boolean;
  /** Another card's checkout is opening. */
  locked: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const titleId = useId();
  const name = t(`pricing.plans.${plan.planId}.name`);
  const dark = plan.popular;
  const perCard = pricePerCardCents(plan.offer);
  const credits = plan.planId === 'free' ? NEW_USER_CREDITS : plan.offer.creditsToAdd;
  const creditsKey =
    plan.planId === 'free'
      ? 'pricing.welcomeCredits'
      : plan.priceCycle === 'bulk'
        ? 'pricing.creditsOnce'
        : 'pricing.creditsMonthly';

  return (
    <article
      aria-labelledby={titleId}
      data-testid={`plan-card-${plan.planId}`}
      data-current={plan.current || undefined}
      className={cn(
        'relative flex flex-col rounded-3xl p-6 sm:p-7',
        dark
          ? 'hero-surface text-white shadow-card-hover ring-2 ring-coral-400 lg:-my-4 lg:py-10'
          : 'border bg-white text-ink shadow-card',
        !dark && (plan.current ? 'border-plum-400 ring-2 ring-plum-300' : 'border-plum-100'),
      )}
    >
      {plan.popular && (
        <span className="absolute inset-x-0 -top-3.5 mx-auto inline-flex w-fit items-center gap-1 rounded-full bg-coral-700 px-3 py-1 text-xs font-black tracking-wide text-white uppercase shadow-sm">
          <Star aria-hidden="true" className="size-3.5 fill-current" />
          {t('pricing.popular')}
        </span>
      )}

      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-2xl',
            dark ? 'bg-white/10 text-coral-300' : 'bg-plum-50 text-plum-700',
          )}
        >
          {PLAN_ICONS[plan.planId]}
        </span>
        <h2 id={titleId} className="text-xl font-black">
          {name}
        </h2>
        {plan.current && (
          <span
            className={cn(
              'ms-auto rounded-full px-2.5 py-1 text-xs font-extrabold',
              dark ? 'bg-white/15 text-white' : 'bg-plum-100 text-plum-800',
            )}
          >
            {t('pricing.yourPlan')}
          </span>
        )}
      </div>
      <p className={cn('mt-3 min-h-10 text-sm leading-snug', dark ? 'text-plum-100' : 'text-muted')}>
        {t(`pricing.plans.${plan.planId}.tagline`)}
      </p>

      <p className="mt-5 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span dir="ltr" data-testid="plan-price" className="text-5xl font-black tracking-tight tabular-nums">
          {formatPrice(plan.offer.priceCents, language)}
        </span>
        <span className={cn('text-sm font-bold', dark ? 'text-plum-100' : 'text-muted')}>
          {plan.planId === 'free'
            ? t('pricing.alwaysFree')
            : plan.priceCycle === 'bulk'
              ? t('pricing.oneTime')
              : t('pricing.perMonth')}
        </span>
      </p>
      <div className="mt-2 min-h-6 text-sm">
        {!plan.availableInCycle ? (
          <span className="inline-flex rounded-full bg-plum-50 px-2.5 py-0.5 text-xs font-extrabold text-plum-800">
            {t('pricing.notAvailableAsPack')}
          </span>
        ) : perCard !== null ? (
          <span className={cn('font-semibold', dark ? 'text-coral-200' : 'text-coral-700')}>
            {t('pricing.pricePerCard', { price: ltrIsolate(formatPrice(perCard, language)) })}
          </span>
        ) : null}
      </div>

      <p
        data-testid="plan-credits"
        className={cn(
          'mt-4 flex items-center gap-2 rounded-2xl px-3.5 py-2.5 text-sm font-extrabold',
          dark ? 'bg-white/10 text-white' : 'bg-coral-50 text-coral-900',
        )}
      >
        <Sparkles
          aria-hidden="true"
          className={cn('size-4 shrink-0', dark ? 'text-coral-300' : 'text-coral-500')}
        />
        {t(creditsKey, { count: credits, amount: formatCount(credits, language) })}
      </p>

      <div className="mt-5">
        {loading ? (
          <Skeleton className={cn('h-12 rounded-full', dark && 'opacity-30')} />
        ) : (
          <PlanAction plan={plan} name={name} dark={dark} busy={busy} locked={locked} onBuy={onBuy} />
        )}
      </div>

      <div className={cn('mt-6 border-t pt-5', dark ? 'border-white/15' : 'border-plum-100')}>
        <p
          className={cn(
            'text-xs font-extrabold tracking-wide uppercase',
            dark ? 'text-coral-200' : 'text-coral-700',
          )}
        >
          {t('pricing.includes')}
        </p>
        <ul className="mt-3 space-y-2.5 text-sm">
          {plan.features.map((feature) => (
            <li key={feature.key} className="flex items-start gap-2.5">
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 flex size-4.5 shrink-0 items-center justify-center rounded-full',
                  dark ? 'bg-coral-400 text-plum-950' : 'bg-plum-100 text-plum-700',
                )}
              >
                <Check className="size-3" strokeWidth={3} />
              </span>
              <span className={dark ? 'text-plum-50' : 'text-ink/85'}>
                {feature.count === undefined
                  ? t(`pricing.features.${feature.key}`)
                  : t(`pricing.features.${feature.key}`, { count: feature.count })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function PlanAction({
  plan,
  name,
  dark,
  busy,
  locked,
  onBuy,
}: {
  plan: PlanCardModel;
  name: string;
  dark: boolean;
  busy: boolean;
  locked: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  const wide = 'w-full';
  switch (plan.action) {
    case 'current':
      // Disabled, but drawn as a settled state rather than a greyed-out button.
      return (
        <button
          type="button"
          disabled
          className={cn(
            'inline-flex h-12 w-full cursor-default items-center justify-center gap-2 rounded-full border-2 px-6 text-base font-bold',
            dark ? 'border-white/40 bg-white/10 text-white' : 'border-plum-300 bg-plum-50 text-plum-800',
          )}
        >
          <Check aria-hidden="true" className="size-5" strokeWidth={3} />
          {t('pricing.actions.current')}
        </button>
      );
    case 'start-free':
      return (
        <ButtonLink to={paths.signup()} size="lg" variant="secondary" className={wide}>
          {t('pricing.actions.startFree')}
        </ButtonLink>
      );
    case 'buy':
      return (
        <Button
          size="lg"
          variant={dark ? 'inverse' : 'primary'}
          className={wide}
          pending={busy}
          disabled={locked}
          onClick={onBuy}
        >
          {t(
            plan.switching
              ? 'pricing.actions.switchTo'
              : plan.priceCycle === 'bulk'
                ? 'pricing.actions.buyBulk'
                : 'pricing.actions.buyMonthly',
            { plan: name },
          )}
        </Button>
      );
    case 'none':
      return (
        <p
          className={cn(
            'flex h-12 items-center justify-center rounded-full border border-dashed px-4 text-center text-sm font-bold',
            dark ? 'border-white/30 text-plum-100' : 'border-plum-200 text-muted',
          )}
        >
          {plan.planId === 'free' ? t('pricing.actions.included') : t('pricing.notAvailableAsPack')}
        </p>
      );
  }
}
