import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { buttonClasses } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import type { AddressForm } from '../../../../shared/cards/address-form.ts';

/**
 * Under the card: a quiet invitation to make one too, leading Home where the templates are, in the card's
 * register.
 */
export function MakeYourOwnInvite({ form, className }: { form: AddressForm; className?: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="make-your-own-title"
      className={cn(
        'rounded-3xl border border-plum-100 bg-white/70 px-6 py-7 text-center shadow-card',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="mx-auto flex size-11 items-center justify-center rounded-full bg-gradient-to-br from-plum-100 to-coral-100 text-coral-600"
      >
        <Sparkles className="size-5" />
      </span>
      <h2 id="make-your-own-title" className="mt-3 text-lg font-extrabold text-ink">
        {t('recipient.ctaTitle', { context: form })}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-muted">{t('recipient.ctaText', { context: form })}</p>
      <a href={paths.home()} className={buttonClasses('secondary', 'md', 'mt-5')}>
        {t('recipient.ctaAction')}
      </a>
    </section>
  );
}
