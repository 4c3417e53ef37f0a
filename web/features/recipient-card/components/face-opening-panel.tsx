import { CircleCheck, ScanFace, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AddressForm } from '../../../../shared/cards/address-form.ts';
import {
  FACE_TRIES,
  useFaceOpening,
  type FacePhase,
  type FaceUnavailable,
} from '../hooks/use-face-opening.ts';

/**
 * 'Open with your face' under way, in the cover's place (DESIGN §1.6): the live camera preview (mirrored, as
 * people expect of a front camera) inside an oval, what is happening in words (getting ready, looking, it's
 * you, not a match), 'Try again' after a miss, and after three misses the FAQ's tips with 'Open without face'.
 * 'Back to the cover' is always there: this is a ritual, never a lock. The phase is announced to screen
 * readers as it changes.
 */
export function FaceOpeningPanel({
  photoUrl,
  form,
  onMatched,
  onLeave,
}: {
  photoUrl: string;
  /** The card's register, in which the panel speaks to the recipient. */
  form: AddressForm;
  onMatched: () => void;
  /** Back to the cover; `unavailable` says why when face opening could not run. */
  onLeave: (unavailable?: FaceUnavailable) => void;
}) {
  const { t } = useTranslation();
  const statusId = useId();
  const { phase, videoRef, tryAgain } = useFaceOpening(photoUrl, {
    onMatched,
    onUnavailable: (reason) => onLeave(reason),
  });
  const showPreview = phase.kind !== 'gave-up';

  return (
    <section
      aria-labelledby={statusId}
      data-testid="face-opening"
      data-face-phase={phase.kind}
      className="rounded-3xl bg-plum-950 p-4 text-white shadow-card-hover"
    >
      {showPreview && (
        <div className="relative mx-auto aspect-[3/4] w-full overflow-hidden rounded-2xl bg-plum-900">
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label={t('recipient.face.camera', { context: form })}
            className="size-full -scale-x-100 object-cover"
          />
          <div
            aria-hidden="true"
            className={cn(
              'absolute inset-[12%_16%] rounded-[50%] border-4 transition-colors',
              phase.kind === 'matched'
                ? 'border-emerald-400'
                : phase.kind === 'missed'
                  ? 'border-coral-400'
                  : 'border-white/70 motion-safe:animate-pulse',
            )}
          />
          {phase.kind === 'starting' && (
            <div className="absolute inset-0 grid place-items-center bg-plum-950/60">
              <Spinner className="size-8 text-white" />
            </div>
          )}
        </div>
      )}

      <div className="mt-4 text-center" aria-live="polite">
        <p id={statusId} className="flex items-center justify-center gap-2 text-lg font-extrabold">
          <PhaseIcon phase={phase} />
          {statusText(phase, (key) => t(key, { context: form }))}
        </p>
        {(phase.kind === 'looking' || phase.kind === 'missed') && (
          <p className="mt-1 text-sm text-plum-100">
            {t('recipient.face.attempt', { context: form, count: phase.attempt, max: FACE_TRIES })}
            {' · '}
            {t('recipient.face.lookingHint', { context: form })}
          </p>
        )}
      </div>

      {phase.kind === 'gave-up' && (
        <div className="mt-3 rounded-2xl bg-white/10 p-4 text-start" data-testid="face-opening-tips">
          <h2 className="text-sm font-extrabold">{t('recipient.face.tipsTitle', { context: form })}</h2>
          <p className="mt-1 text-sm whitespace-pre-line text-plum-50">
            {t('faq.items.recognitionTips.answer', { context: form })}
          </p>
        </div>
      )}

      <div className="mt-4 flex flex-col gap-2">
        {phase.kind === 'missed' && (
          <Button variant="inverse" size="lg" onClick={tryAgain}>
            {t('recipient.face.tryAgain', { context: form })}
          </Button>
        )}
        {phase.kind === 'gave-up' && (
          <Button variant="inverse" size="lg" onClick={() => onLeave()}>
            {t('recipient.face.openWithoutFace', { context: form })}
          </Button>
        )}
        {phase.kind !== 'gave-up' && phase.kind !== 'matched' && (
          <Button variant="ghost" onClick={() => onLeave()} className="text-white hover:bg-white/10">
            {t('recipient.face.back', { context: form })}
          </Button>
        )}
      </div>

      <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-plum-100">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        {t('recipient.face.private', { context: form })}
      </p>
    </section>
  );
}

function PhaseIcon({ phase }: { phase: FacePhase }) {
  if (phase.kind === 'matched') return <CircleCheck aria-hidden="true" className="size-5 text-emerald-300" />;
  if (phase.kind === 'looking') return <ScanFace aria-hidden="true" className="size-5" />;
  return null;
}

function statusText(phase: FacePhase, t: (key: string) => string): string {
  switch (phase.kind) {
    case 'starting':
      return t('recipient.face.starting');
    case 'looking':
      return t('recipient.face.looking');
    case 'matched':
      return t('recipient.face.matched');
    case 'missed':
      return t('recipient.face.missed');
    case 'gave-up':
      return t('recipient.face.missed');
  }
}
