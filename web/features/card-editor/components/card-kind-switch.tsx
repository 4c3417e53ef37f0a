import { CalendarDays, Gift } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { CARD_KINDS, type CardKind } from '../lib/invitation-draft.ts';

const ICONS = { card: Gift, invitation: CalendarDays } as const;

/**
 * Card or Invitation (DESIGN §1.20): a segmented control made of real radio inputs under a legend, so the
 * arrow keys, screen readers and phones treat it as the one choice it is.
 */
export function CardKindSwitch({
  value,
  onChange,
  disabled,
}: {
  value: CardKind;
  onChange: (kind: CardKind) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset disabled={disabled} data-testid="card-kind">
      <legend className="text-sm font-bold text-ink">{t('invitation.kind.legend')}</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-1 rounded-2xl border border-plum-200 bg-white p-1 shadow-xs">
        {CARD_KINDS.map((kind) => {
          const Icon = ICONS[kind];
          const checked = value === kind;
          return (
            <label
              key={kind}
              className={cn(
                'flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl px-3 text-sm font-extrabold transition-colors',
                'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-plum-500',
                checked ? 'bg-plum-700 text-white shadow-sm' : 'text-plum-900 hover:bg-plum-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={kind}
                checked={checked}
                onChange={() => onChange(kind)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {t(`invitation.kind.${kind}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
