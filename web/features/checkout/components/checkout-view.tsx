import { Apple, Check, Coins, Package, PartyPopper, Share2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { UnlockCardResponse } from '../../../../shared/cards/cards.contract.ts';
import { Button } from '../../../components/button.tsx';
import { CreateFlowSteps } from '../../../components/create-flow-steps.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconButton } from '../../../components/icon-button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCheckoutCard } from '../api/use-checkout-card.ts';
import { usePaymentOptions } from '../api/use-payment-options.ts';
import { useUnlockCard } from '../api/use-unlock-card.ts';
import { checkoutErrorKey } from '../lib/checkout-errors.ts';
import { CARD_UNLOCK_COST } from '../../../../shared/cards/card-rules.ts';

/** SPEC §4 Checkout: no method selected, then a method, then processing, then complete or an error. */
type PaymentMethod = 'credits' | 'apple-pay';

interface CheckoutViewProps {
  /** The card being unlocked; null when the page was opened without one (nothing to pay for). */
  cardId: string | null;
  templateImage: string | null;
  /** The signed-in user's balance. */
  credits: number;
  formatCredits: (credits: number) => string;
  /** Close: back to the overview (SPEC §2). */
  onClose: () => void;
  /** 'Buy Packages' and Apple Pay (bought through the provider's checkout on /pricing). */
  onBuyPackages: () => void;
  onUnlocked: (result: UnlockCardResponse) => void;
  /** Opens the share modal again after it was closed on the complete step. */
  onShare: () => void;
}

/**
 * SPEC §2 Checkout: the payment/complete steps, the template image, 'Select Payment Method' ('Pay with
 * Credits' with the balance and the cost of 30 — disabled and dimmed under 30 —, 'Buy Packages', Apple Pay
 * where the provider offers it) and the confirm button ('Confirm & Spend 30 Credits' / 'Processing...' /
 * 'Proceed to Payment'). The server decides; this page only mirrors the balance rule.
 */
export function CheckoutView({
  cardId,
  templateImage,
  credits,
  formatCredits,
  onClose,
  onBuyPackages,
  onUnlocked,
  onShare,
}: CheckoutViewProps) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [unlocked, setUnlocked] = useState(false);
  const options = usePaymentOptions();
  const card = useCheckoutCard(cardId);
  const complete = unlocked || card.data?.isPaid === true;
  const coverImage = templateImage ?? card.data?.templateImageUrl ?? null;
  const unlock = useUnlockCard({
    onUnlocked: (result) => {
      setUnlocked(true);
      onUnlocked(result);
    },
  });
  const canPayWithCredits = credits >= CARD_UNLOCK_COST;

  const confirm = () => {
    setErrorKey(null);
    if (!cardId || !method) return setErrorKey('checkout.unexpectedError');
    if (method === 'apple-pay') return onBuyPackages();
    if (!canPayWithCredits) return setErrorKey('errors.insufficient-credits');
    unlock.mutate(cardId, { onError: (error) => setErrorKey(checkoutErrorKey(error)) });
  };

  const choose = (next: PaymentMethod) => {
    setErrorKey(null);
    setMethod(next);
  };

  if (!cardId) {
    return (
      <EmptyState
        role="alert"
        icon={<Coins aria-hidden="true" className="size-8" />}
        titleAs="h1"
        title={t('checkout.noCardTitle')}
        description={t('checkout.noCardText')}
        action={<Button onClick={onClose}>{t('common.backToHome')}</Button>}
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-12 sm:px-6">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-black text-ink">{t('checkout.title')}</h1>
          <p className="text-muted">{complete ? t('checkout.subtitleComplete') : t('checkout.subtitle')}</p>
        </div>
        <IconButton
          outline
          label={t('checkout.close')}
          onClick={onClose}
          icon={<X aria-hidden="true" className="size-5" />}
        />
      </div>
      <CreateFlowSteps current={complete ? 'complete' : 'payment'} className="mx-auto mt-6 max-w-md" />

      <div className="mt-8 grid gap-8 md:grid-cols-[minmax(0,16rem)_1fr] md:items-start">
        <div className="mx-auto w-44 md:w-full">
          <div className="relative aspect-[3/4] overflow-hidden rounded-3xl bg-gradient-to-br from-plum-200 to-coral-100 shadow-card-hover">
            {coverImage && (
              <img
                src={coverImage}
                alt={t('checkout.templateImage')}
                width={400}
                height={533}
                data-testid="checkout-template-image"
                className="absolute inset-0 size-full object-cover"
              />
            )}
            {complete && (
              <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1.5 bg-emerald-600/90 py-2 text-sm font-extrabold text-white">
                <Check aria-hidden="true" className="size-4" />
                {t('checkout.unlocked')}
              </span>
            )}
          </div>
        </div>

        {complete ? (
          <section className="rounded-3xl border border-plum-100 bg-white p-6 text-center shadow-card sm:p-8">
            <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <PartyPopper aria-hidden="true" className="size-7" />
            </span>
            <h2 className="mt-4 text-xl font-black text-ink">{t('checkout.completeTitle')}</h2>
            <p className="mt-2 text-muted">{t('checkout.completeText')}</p>
            <Button size="lg" className="mt-6 w-full" onClick={onShare}>
              <Share2 aria-hidden="true" className="size-4" />
              {t('checkout.shareCard')}
            </Button>
          </section>
        ) : (
          <section aria-labelledby="payment-methods" className="space-y-4">
            <h2 id="payment-methods" className="text-lg font-black text-ink">
              {t('checkout.selectMethod')}
            </h2>
            <div role="radiogroup" aria-labelledby="payment-methods" className="space-y-3">
              <MethodOption
                selected={method === 'credits'}
                disabled={!canPayWithCredits}
                onSelect={() => choose('credits')}
                icon={<Coins aria-hidden="true" className="size-6" />}
                title={t('checkout.payWithCredits')}
                testId="pay-with-credits"
              >
                <span className="block">
                  {t('checkout.balance', { credits: formatCredits(credits) })}
                  <span aria-hidden="true"> · </span>
                  {t('checkout.cost', { credits: formatCredits(CARD_UNLOCK_COST) })}
                </span>
                {!canPayWithCredits && (
                  <span className="mt-1 block font-bold text-coral-700">{t('checkout.notEnoughHint')}</span>
                )}
              </MethodOption>
              {options.data?.applePay && (
                <MethodOption
                  selected={method === 'apple-pay'}
                  onSelect={() => choose('apple-pay')}
                  icon={<Apple aria-hidden="true" className="size-6" />}
                  title={t('checkout.applePay')}
                  testId="pay-with-apple-pay"
                >
                  {t('checkout.applePayHint')}
                </MethodOption>
              )}
            </div>
            <button
              type="button"
              onClick={onBuyPackages}
              data-testid="buy-packages"
              className="flex w-full items-center gap-4 rounded-2xl border border-dashed border-plum-300 bg-plum-50/60 p-4 text-start transition-colors hover:border-plum-400 hover:bg-plum-50"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-plum-700 shadow-xs">
                <Package aria-hidden="true" className="size-6" />
              </span>
              <span className="min-w-0">
                <span className="block font-extrabold text-ink">{t('checkout.buyPackages')}</span>
                <span className="block text-sm text-muted">{t('checkout.buyPackagesHint')}</span>
              </span>
            </button>

            {errorKey && (
              <p
                role="alert"
                className="rounded-2xl border border-coral-200 bg-coral-50 px-4 py-3 text-sm font-bold text-coral-800"
              >
                {t(errorKey)}
              </p>
            )}

            <Button
              size="lg"
              className="w-full"
              pending={unlock.isPending}
              disabled={method === null}
              onClick={confirm}
              data-testid="confirm-payment"
            >
              {unlock.isPending
                ? t('checkout.processing')
                : method === 'credits'
                  ? t('checkout.confirmCredits', { count: CARD_UNLOCK_COST })
                  : t('checkout.proceed')}
            </Button>
          </section>
        )}
      </div>
    </div>
  );
}

function MethodOption({
  selected,
  disabled = false,
  onSelect,
  icon,
  title,
  children,
  testId,
}: {
  selected: boolean;
  disabled?: boolean;
  onSelect: () => void;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      disabled={disabled}
      onClick={onSelect}
      data-testid={testId}
      className={cn(
        'flex w-full items-center gap-4 rounded-2xl border-2 bg-white p-4 text-start shadow-xs transition-colors',
        selected ? 'border-plum-600 bg-plum-50' : 'border-plum-100 hover:border-plum-300',
        'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-plum-100',
      )}
    >
      <span
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-xl',
          selected ? 'bg-plum-700 text-white' : 'bg-plum-100 text-plum-700',
        )}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-extrabold text-ink">{title}</span>
        <span className="block text-sm text-muted">{children}</span>
      </span>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-6 shrink-0 items-center justify-center rounded-full border-2',
          selected ? 'border-plum-700 bg-plum-700 text-white' : 'border-plum-200',
        )}
      >
        {selected && <Check className="size-4" />}
      </span>
    </button>
  );
}
