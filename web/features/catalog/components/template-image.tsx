import { ImageOff } from 'lucide-react';
import { startTransition, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { LAZY_IMAGE_MARGIN_PX } from '../../../../shared/constants.ts';
import { cn } from '../../../lib/cn.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

interface TemplateImageProps {
  src: string;
  /** Sizes of the same picture for the browser to choose from, with `sizes`: the width it is shown at. */
  srcSet?: string | null;
  sizes?: string;
  alt: string;
  /** The first cards of a page load at once; the rest lazily (SPEC §9). */
  priority?: boolean;
  /**
   * The page's leading picture, its largest paint: the only one fetched with high priority (and so preloaded
   * in the page's head). Every high-priority picture on a slow network holds the page's code back.
   */
  lead?: boolean;
  width: number;
  height: number;
  className?: string;
}

/**
 * A template picture with a shimmer until it has loaded and a quiet placeholder if it fails. A priority
 * picture (the first screen's) shows as it arrives, even before the page's script runs; the others fade in.
 */
export function TemplateImage({
  src,
  srcSet,
  sizes,
  alt,
  priority = false,
  lead = false,
  width,
  height,
  className,
}: TemplateImageProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const frame = useRef<HTMLSpanElement>(null);
  const near = useNearViewport(frame, LAZY_IMAGE_MARGIN_PX, !priority);

  return (
    <span ref={frame} className={cn('relative block overflow-hidden', className)}>
      {/*
       * The shimmer is an element of its own, under the picture, and goes once the picture has loaded. As a
       * class of the frame, its removal had Chrome count a layout shift of the picture on right-to-left
       * pages (0.03–0.05 on Arabic home's first row), though nothing moved. It moves only once the picture
       * is near the screen and on its way: a page of pictures that wait far below, or behind an open dialog,
       * would otherwise have the browser draw a frame for them without end, and every keystroke in that
       * dialog wait behind those frames on a slow phone.
       */}
      {state === 'loading' && (
        <span
          aria-hidden="true"
          className={cn('absolute inset-0', near ? 'skeleton-shimmer' : 'bg-plum-100')}
        />
      )}
      {state === 'failed' ? (
        <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-plum-50 text-plum-400">
          <ImageOff aria-hidden="true" className="size-6" />
          <span className="sr-only">{t('catalog.imageUnavailable')}</span>
        </span>
      ) : near ? (
        <img
          ref={(img) => {
            // A cached image (or one that came before the script, on a page the server rendered) may finish
            // before React listens for `load`. Only the shimmer behind it goes: that may wait for a slice.
            if (img?.complete && img.naturalWidth > 0) startTransition(() => setState('loaded'));
          }}
          src={src}
          srcSet={srcSet ?? undefined}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={width}
          height={height}
          loading="eager"
          fetchPriority={lead ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={cn(
            'absolute inset-0 size-full object-cover transition-[opacity,scale] duration-300',
            priority || state === 'loaded' ? 'opacity-100' : 'opacity-0',
          )}
        />
      ) : null}
    </span>
  );
}
