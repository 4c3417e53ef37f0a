import { Check, Circle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { MyWinc } from '../../../../shared/cards/my-wincs.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { useSetNotifyOnOpen } from '../api/use-my-wincs.ts';
import { useFormatDate } from '../lib/use-format-date.ts';
import { CardViewLimit } from './card-view-limit.tsx';

/**
 * What the sender knows of their card (DESIGN §1.7): whether it was opened, when first and on how many
 * devices, whether the greeting was heard, the video watched and the voice message played, and how many
 * devices the plan it was paid on allows (or the sender raised it to), and whether it turned a device away at
 * that limit, with the raise on offer; before anyone opened it, the choice of one email on the first opening.
 * It changes live while the page is open.
 */
export function CardOpenedStatus({ card, labelId }: { card: MyWinc; labelId: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const notifyId = useId();
  const notify = useSetNotifyOnOpen();
  // The box shows the sender's choice at once; a failed save puts the saved one back.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const { views } = card;
  const steps = [
    { key: 'greeting', done: views?.greetingHeard ?? false, shown: card.greetingAudioUrl !== null },
    { key: 'video', done: views?.videoWatched ?? false, shown: card.videoUrl !== null },
    { key: 'voiceMessage', done: views?.voiceMessagePlayed ?? false, shown: card.audioUrl !== null },
  ].filter((step) => step.shown);

  return (
    <div className="rounded-2xl border border-plum-100 bg-plum-50/50 px-4 py-3" data-testid="details-opened">
      {views ? (
        <>
          <p className="font-bold text-ink">{t('myWincs.details.views', { count: views.devices })}</p>
          <p className="text-xs text-muted">
            {t('myWincs.opened.firstOpened', { date: formatDate(views.firstOpenedAt) })}
          </p>
        </>
      ) : (
        <p className="font-bold text-muted">{t('myWincs.opened.notYet')}</p>
      )}
      {views && steps.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm" aria-labelledby={labelId}>
          {steps.map((step) => (
            <li
              key={step.key}
              data-done={step.done}
              className={cn('flex items-center gap-2', step.done ? 'text-plum-900' : 'text-muted')}
            >
              {step.done ? (
                <Check aria-hidden="true" className="size-4 text-emerald-700" />
              ) : (
                <Circle aria-hidden="true" className="size-4" />
              )}
              <span className={step.done ? 'font-semibold' : undefined}>
                {t(`myWincs.opened.${step.key}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {card.viewLimit !== null && (
        <p className="mt-2 text-xs text-muted" data-testid="details-view-limit">
          {t('myWincs.opened.limit', { count: card.viewLimit })}
          {card.viewLimitStatus.raised && <> · {t('myWincs.viewLimit.raised')}</>}
        </p>
      )}
      <CardViewLimit card={card} />
      {!views && (
        <div className="mt-3">
          <label htmlFor={notifyId} className="flex cursor-pointer items-start gap-2.5 text-sm text-ink">
            <input
              id={notifyId}
              type="checkbox"
              checked={wanted ?? card.notifyOnOpen}
              disabled={notify.isPending}
              onChange={(event) => {
                const notifyOnOpen = event.target.checked;
                setWanted(notifyOnOpen);
                notify.mutate({ cardId: card.id, notifyOnOpen }, { onError: () => setWanted(null) });
              }}
              className="mt-0.5 size-4.5 shrink-0 accent-plum-600"
            />
            <span>
              <span className="font-bold">{t('myWincs.opened.notify')}</span>
              <span className="block text-xs text-muted">{t('myWincs.opened.notifyHint')}</span>
            </span>
          </label>
          {notify.isError && (
            <p role="alert" className="mt-1 text-sm font-semibold text-coral-700">
              {t('myWincs.opened.notifyFailed')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
