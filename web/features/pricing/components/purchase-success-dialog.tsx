import { PartyPopper, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount } from '../lib/plan-cards.ts';

/** Confetti pieces: position (logical, so they mirror in Arabic), colour, size and tilt. */
const CONFETTI = [
  'start-[8%] top-6 h-3 w-1.5 rotate-12 bg-coral-400',
  'start-[18%] top-16 size-2 rounded-full bg-amber-300',
  'start-[28%] top-4 h-2.5 w-1.5 -rotate-45 bg-white/80',
  'end-[10%] top-5 h-3 w-1.5 -rotate-12 bg-amber-300',
  'end-[20%] top-14 size-2 rounded-full bg-coral-300',
  'end-[30%] top-3 h-2.5 w-1.5 rotate-45 bg-plum-300',
  'start-[12%] bottom-6 size-1.5 rounded-full bg-plum-300',
  'end-[14%] bottom-8 h-2.5 w-1.5 rotate-[30deg] bg-white/70',
];

/**
 * The return from a finished purchase (SPEC §2: /pricing?success=true). It shows the balance from the session,
 * which the live credit stream keeps current; this page grants nothing, the server already has. A purchase
 * through the built-in test checkout took no money, and the title says so instead of 'Payment successful!'.
 */
export function PurchaseSuccessDialog({
  open,
  testMode,
  onClose,
  onBackToCard,
  credits,
}: {
  open: boolean;
  /** The purchase went through the test-mode checkout (DESIGN §1.10): nothing was paid. */
  testMode: boolean;
  onClose: () => void;
  /** The card the member was paying for before buying credits: its checkout becomes the main action. */
  onBackToCard?: (() => void) | undefined;
  /** The signed-in user's balance; null while the session loads, undefined when signed out (no box). */
  credits: number | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} describedBy={textId} className="max-w-md">
      <div data-testid="purchase-success-dialog">
        <div className="hero-surface relative overflow-hidden px-6 pt-10 pb-8 text-center text-white">
          <div aria-hidden="true" className="hero-glow-warm absolute inset-x-0 -top-20 mx-auto size-64" />
          {CONFETTI.map((piece) => (
            <span key={piece} aria-hidden="true" className={`absolute rounded-sm ${piece}`} />
          ))}
          <span className="relative mx-auto flex size-18 items-center justify-center rounded-full bg-white text-coral-500 shadow-card-hover motion-safe:animate-[bounce_1s_ease-in-out_2]">
            <PartyPopper aria-hidden="true" className="size-9 rtl:-scale-x-100" />
          </span>
          <h2 id={titleId} className="relative mt-5 text-2xl font-black text-balance">
            {t(testMode ? 'pricing.success.testTitle' : 'pricing.success.title')}
          </h2>
        </div>
        <div className="p-6 text-center sm:p-8">
          <p id={textId} className="text-muted">
            {t('pricing.success.body')}
          </p>
          {credits !== undefined && (
            <div className="mt-5 rounded-2xl border border-coral-200 bg-coral-50 px-4 py-4">
              <p className="text-xs font-extrabold tracking-wide text-coral-800 uppercase">
                {t('pricing.success.balance')}
              </p>
              <p
                data-testid="purchase-success-balance"
                data-credits={credits ?? undefined}
                className="mt-1 flex items-center justify-center gap-2 text-3xl font-black text-coral-900 tabular-nums"
              >
                <Sparkles aria-hidden="true" className="size-6 text-coral-500" />
                {credits === null
                  ? '…'
                  : t('pricing.success.credits', {
                      count: credits,
                      amount: formatCount(credits, i18n.resolvedLanguage),
                    })}
              </p>
            </div>
          )}
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {onBackToCard ? (
              <Button size="lg" className="w-full sm:w-auto sm:flex-1" onClick={onBackToCard}>
                {t('pricing.success.backToCard')}
              </Button>
            ) : (
              <ButtonLink
                to={paths.home()}
                size="lg"
                className="w-full sm:w-auto sm:flex-1"
                onClick={onClose}
              >
                {t('pricing.success.create')}
              </ButtonLink>
            )}
            <Button size="lg" variant="secondary" className="w-full sm:w-auto sm:flex-1" onClick={onClose}>
              {t('pricing.success.close')}
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
