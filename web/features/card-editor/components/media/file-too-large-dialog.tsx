import { FileWarning, Lightbulb, Wrench } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../../lib/translation.tsx';
import type { CardMediaKind } from '../../../../../shared/cards/card-media.ts';
import { Button } from '../../../../components/button.tsx';
import { Dialog } from '../../../../components/dialog.tsx';
import { fileTooLargeMessage, videoTooLargeMessage } from './media-error-messages.ts';
import { formatOverLimitMegabytes } from './media-format.ts';

export interface FileTooLargeDialogProps {
  open: boolean;
  /** The kind of file refused; a video also gets the tools and settings to compress it. */
  kind: CardMediaKind;
  /** The refused file's name, shown so the sender knows which one. */
  fileName?: string;
  /** The refused file's size in bytes. */
  size: number;
  onClose: () => void;
}

/** External tools that shrink a video; plain names, no links: the sender may use whichever they have. */
export const VIDEO_TOOLS = ['handbrake', 'phone', 'online'] as const;
/** SPEC §2: lower the resolution to 720p or 1080p, lower the bitrate to 2-5 Mbps; trimming helps most. */
export const VIDEO_TIPS = ['resolution', 'bitrate', 'trim'] as const;

/**
 * SPEC §2's file-too-large dialog. For a video, SPEC §5's exact message, where X is the size in MB with one
 * decimal rounded up (so a file just over the limit never reads as "30.0 MB"), then the tools and the settings
 * to compress it. For an image or a voice message, the limit of its kind. One button closes it.
 */
export function FileTooLargeDialog({ open, kind, fileName, size, onClose }: FileTooLargeDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const message =
    kind === 'video'
      ? videoTooLargeMessage(formatOverLimitMegabytes(size, i18n.resolvedLanguage))
      : fileTooLargeMessage(kind);

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} describedBy={messageId} className="max-w-lg">
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col" data-testid="file-too-large-dialog">
        <div className="overflow-y-auto p-6 sm:p-7">
          <div className="flex items-start gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-coral-100 text-coral-600">
              <FileWarning aria-hidden="true" className="size-6" />
            </span>
            <div className="min-w-0">
              <h2 id={titleId} className="text-xl font-black text-ink">
                {t('cardMedia.tooLarge.title')}
              </h2>
              {fileName && (
                <p className="truncate text-start text-sm font-semibold text-plum-700" title={fileName}>
                  <bdi>{fileName}</bdi>
                </p>
              )}
            </div>
          </div>
          <p id={messageId} className="mt-4 text-ink">
            {t(message.key, message.values)}
          </p>

          {kind === 'video' && (
            <div className="mt-5 space-y-4">
              <section className="rounded-3xl bg-plum-50/70 p-4">
                <h3 className="flex items-center gap-2 text-sm font-extrabold text-plum-900">
                  <Wrench aria-hidden="true" className="size-4" />
                  {t('cardMedia.tooLarge.toolsTitle')}
                </h3>
                <ul className="mt-2 list-disc space-y-1.5 ps-5 text-sm text-ink marker:text-plum-400">
                  {VIDEO_TOOLS.map((tool) => (
                    <li key={tool}>{t(`cardMedia.tooLarge.tools.${tool}`)}</li>
                  ))}
                </ul>
              </section>
              <section className="rounded-3xl bg-coral-50 p-4">
                <h3 className="flex items-center gap-2 text-sm font-extrabold text-coral-900">
                  <Lightbulb aria-hidden="true" className="size-4" />
                  {t('cardMedia.tooLarge.tipsTitle')}
                </h3>
                <ul className="mt-2 list-disc space-y-1.5 ps-5 text-sm text-ink marker:text-coral-400">
                  {VIDEO_TIPS.map((tip) => (
                    <li key={tip}>{t(`cardMedia.tooLarge.tips.${tip}`)}</li>
                  ))}
                </ul>
              </section>
            </div>
          )}
        </div>
        <div className="flex justify-end border-t border-plum-100 px-6 py-4 sm:px-7">
          <Button size="lg" className="min-w-32 max-sm:w-full" onClick={onClose}>
            {t('cardMedia.tooLarge.ok')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
