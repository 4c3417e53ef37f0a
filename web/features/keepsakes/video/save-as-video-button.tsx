import { Download, Film, Share2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AddressForm } from '../../../../shared/cards/address-form.ts';
import { Button, buttonClasses } from '../../../components/button.tsx';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { translatorOf, type Strings } from '../../../lib/i18n.ts';
import type { KeepsakeCard } from './keepsake-card.ts';
import { keepsakeLabels } from './keepsake-labels.ts';
import { cachedKeepsakeVideo, keepsakeVersion, storeKeepsakeVideo } from './keepsake-video-cache.ts';

type Step =
  | { name: 'idle' }
  | { name: 'making'; percent: number }
  | { name: 'done'; video: File; from: 'made' | 'cache' }
  | { name: 'unsupported' }
  | { name: 'failed' };

/**
 * "Save as video" (DESIGN §1.21): makes the card's MP4 on this device with a percentage and a way to stop,
 * then offers it as a download (and to the phone's share sheet where it takes files). The same card version
 * comes from this device's cache at once the second time. The encoder is a separate chunk loaded on the
 * first tap, so the recipient page does not carry it. `strings` is the keepsake part, loaded in the card's
 * language for the video's words (handed in by the page's loader, which holds it anyway).
 */
export function SaveAsVideoButton({
  card,
  strings,
  form,
  className,
}: {
  card: KeepsakeCard;
  strings: Strings;
  /** The register of the page it is on: a card's on its share link, the app's on My WINCS. */
  form?: AddressForm;
  className?: string;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const save = async () => {
    const job = new AbortController();
    controller.current = job;
    setStep({ name: 'making', percent: 0 });
    try {
      const labels = await keepsakeLabels(card, (language) => translatorOf(language, strings));
      const version = await keepsakeVersion(card, labels);
      const fileName = t('keepsakeVideo.fileName', { name: card.recipientName }) + '.mp4';
      const cached = await cachedKeepsakeVideo(card.id, version);
      if (cached) {
        setStep({ name: 'done', video: new File([cached], fileName, { type: cached.type }), from: 'cache' });
        return;
      }
      const { renderKeepsakeVideo, KeepsakeVideoUnsupportedError } =
        await import('./render-keepsake-video.ts');
      try {
        const video = await renderKeepsakeVideo(card, labels, {
          signal: job.signal,
          onProgress: (fraction) => {
            if (!job.signal.aborted) setStep({ name: 'making', percent: Math.floor(fraction * 100) });
          },
        });
        await storeKeepsakeVideo(card.id, version, video);
        if (!job.signal.aborted)
          setStep({ name: 'done', video: new File([video], fileName, { type: video.type }), from: 'made' });
      } catch (error) {
        if (error instanceof KeepsakeVideoUnsupportedError) setStep({ name: 'unsupported' });
        else throw error;
      }
    } catch {
      if (!job.signal.aborted) setStep({ name: 'failed' });
    }
  };

  const cancel = () => {
    controller.current?.abort();
    setStep({ name: 'idle' });
  };

  return (
    <div className={className} data-testid="save-as-video" data-step={step.name}>
      {step.name === 'making' ? (
        <MakingProgress percent={step.percent} onCancel={cancel} />
      ) : step.name === 'done' ? (
        <VideoReady video={step.video} from={step.from} />
      ) : (
        <div className="flex flex-col items-center gap-2">
          <Button variant="secondary" size="lg" className="w-full" onClick={() => void save()}>
            <Film aria-hidden="true" className="size-5" />
            {t('keepsakeVideo.save')}
          </Button>
          {step.name !== 'idle' && (
            <p role="alert" className="text-center text-sm text-muted" data-testid="save-as-video-problem">
              {t(step.name === 'unsupported' ? 'keepsakeVideo.unsupported' : 'keepsakeVideo.failed', {
                context: form,
              })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function MakingProgress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-plum-100 bg-white px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-bold text-plum-900" aria-live="polite">
          {t('keepsakeVideo.making', { percent })}
        </p>
        <progress
          max={100}
          value={percent}
          aria-label={t('keepsakeVideo.progressLabel')}
          data-testid="save-as-video-progress"
          className="mt-2 h-2 w-full overflow-hidden rounded-full accent-plum-700"
        />
      </div>
      <Button variant="ghost" size="sm" onClick={onCancel} data-testid="save-as-video-cancel">
        <X aria-hidden="true" className="size-4" />
        {t('keepsakeVideo.cancel')}
      </Button>
    </div>
  );
}

function VideoReady({ video, from }: { video: File; from: 'made' | 'cache' }) {
  const { t } = useTranslation();
  const url = useObjectUrl(video);
  const [shareable] = useState(
    () => typeof navigator.canShare === 'function' && navigator.canShare({ files: [video] }),
  );
  return (
    <div className="flex flex-col gap-2" data-testid="save-as-video-ready" data-from={from}>
      <p role="status" className="text-center text-sm font-semibold text-plum-900">
        {t('keepsakeVideo.ready')}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {url && (
          <a
            href={url}
            download={video.name}
            data-testid="save-as-video-download"
            className={buttonClasses('primary', 'lg')}
          >
            <Download aria-hidden="true" className="size-5" />
            {t('keepsakeVideo.download')}
          </a>
        )}
        {shareable && (
          <Button
            variant="secondary"
            size="lg"
            onClick={() => void navigator.share({ files: [video] }).catch(() => undefined)}
          >
            <Share2 aria-hidden="true" className="size-5" />
            {t('keepsakeVideo.share')}
          </Button>
        )}
      </div>
    </div>
  );
}
