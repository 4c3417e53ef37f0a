import { MB } from '../../../../../shared/cards/card-media.ts';

/**
 * Pure formatting for the media fields and dialogs. Numbers follow the UI language's grouping and decimal
 * mark but always use Latin digits, like the rest of the interface (see `formatCredits`).
 */

function numberFormat(language: string | undefined, fractionDigits: { min: number; max: number }) {
  return new Intl.NumberFormat(language, {
    numberingSystem: 'latn',
    minimumFractionDigits: fractionDigits.min,
    maximumFractionDigits: fractionDigits.max,
  });
}

/**
 * A file size in MB (SPEC counts 1 MB = 1024 × 1024 bytes) for "photo.jpg · 2.4 MB": one decimal, two below
 * 0.1 MB so a short voice message does not read "0 MB", and never below 0.01 for a non-empty file.
 */
export function formatMegabytes(bytes: number, language: string | undefined): string {
  const megabytes = Math.max(bytes, 0) / MB;
  if (bytes > 0 && megabytes < 0.1)
    return numberFormat(language, { min: 0, max: 2 }).format(Math.max(megabytes, 0.01));
  return numberFormat(language, { min: 0, max: 1 }).format(megabytes);
}

/**
 * The size of a file that is over a limit, for SPEC §5's "Video file is too large (X MB)": always one decimal,
 * rounded up, so a file just over 30 MB reads "30.1" and never "30.0" next to "Maximum allowed size is 30MB".
 */
export function formatOverLimitMegabytes(bytes: number, language: string | undefined): string {
  const tenths = Math.ceil((Math.max(bytes, 0) / MB) * 10) / 10;
  return numberFormat(language, { min: 1, max: 1 }).format(tenths);
}

/** A whole number of MB for limits ("30", "20"). */
export function formatLimitMegabytes(bytes: number, language: string | undefined): string {
  return numberFormat(language, { min: 0, max: 1 }).format(bytes / MB);
}

/** A duration as mm:ss ("00:42", "05:00"); hours roll into the minutes ("75:00"). Unknown → "--:--". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * SPEC §3 Compression result's `compressionRatio`: the percentage saved, a whole number from 0 to 100.
 * A "compressed" file that came out larger saved nothing (0), it is not a negative saving.
 */
export function compressionSavedPercent(originalSize: number, compressedSize: number): number {
  if (originalSize <= 0 || compressedSize >= originalSize) return 0;
  return Math.min(100, Math.max(0, Math.round((1 - compressedSize / originalSize) * 100)));
}

/** A 0..1 fraction as a percentage in the UI language with Latin digits ("42%", "42 %"). */
export function formatPercent(fraction: number, language: string | undefined): string {
  const clamped = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return new Intl.NumberFormat(language, {
    numberingSystem: 'latn',
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(clamped);
}

/**
 * Whether a chosen file is of a media family by its MIME type ("image/png" is an image). SPEC §5: the
 * recipient image must be an image file; `accept` only filters the picker, so the check is repeated here.
 * The server checks the content again (DESIGN §5).
 */
export function isFileOfKind(file: Pick<File, 'type'>, family: 'image' | 'video' | 'audio'): boolean {
  return file.type.toLowerCase().startsWith(`${family}/`);
}
