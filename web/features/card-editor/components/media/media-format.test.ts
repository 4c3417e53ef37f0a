import { describe, expect, it } from 'vitest';
import { MB, VIDEO_MAX_BYTES } from '../../../../../shared/cards/card-media.ts';
import {
  compressionSavedPercent,
  formatDuration,
  formatLimitMegabytes,
  formatMegabytes,
  formatOverLimitMegabytes,
  formatPercent,
  isFileOfKind,
} from './media-format.ts';

describe('formatMegabytes', () => {
  it('shows one decimal in the UI language with Latin digits', () => {
    expect(formatMegabytes(2.4 * MB, 'en')).toBe('2.4');
    expect(formatMegabytes(2.4 * MB, 'ar')).toBe('2.4');
    expect(formatMegabytes(2.4 * MB, 'ru')).toBe('2,4');
    expect(formatMegabytes(12 * MB, 'en')).toBe('12');
  });

  it('counts 1 MB as 1024 × 1024 bytes, as SPEC does', () => {
    expect(formatMegabytes(31_457_280, 'en')).toBe('30');
  });

  it('keeps small files readable instead of "0"', () => {
    expect(formatMegabytes(30 * 1024, 'en')).toBe('0.03');
    expect(formatMegabytes(10, 'en')).toBe('0.01');
    expect(formatMegabytes(0, 'en')).toBe('0');
  });
});

describe('formatOverLimitMegabytes', () => {
  it('always shows one decimal', () => {
    expect(formatOverLimitMegabytes(45 * MB, 'en')).toBe('45.0');
    expect(formatOverLimitMegabytes(45 * MB, 'ru')).toBe('45,0');
  });

  it('rounds up, so a file just over 30 MB never reads "30.0"', () => {
    expect(formatOverLimitMegabytes(VIDEO_MAX_BYTES + 1, 'en')).toBe('30.1');
    expect(formatOverLimitMegabytes(31.24 * MB, 'en')).toBe('31.3');
  });
});

describe('formatLimitMegabytes', () => {
  it('shows a limit without needless decimals', () => {
    expect(formatLimitMegabytes(VIDEO_MAX_BYTES, 'ar')).toBe('30');
  });
});

describe('formatDuration', () => {
  it('formats mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(42.9)).toBe('00:42');
    expect(formatDuration(300)).toBe('05:00');
    expect(formatDuration(4500)).toBe('75:00');
  });

  it('says "--:--" when the duration is unknown', () => {
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('--:--');
    expect(formatDuration(Number.NaN)).toBe('--:--');
    expect(formatDuration(-1)).toBe('--:--');
  });
});

describe('compressionSavedPercent', () => {
  it('is the whole percentage saved', () => {
    expect(compressionSavedPercent(20 * MB, 5 * MB)).toBe(75);
    expect(compressionSavedPercent(3, 2)).toBe(33);
  });

  it('is 0 when nothing was saved or the sizes are unusable', () => {
    expect(compressionSavedPercent(5 * MB, 6 * MB)).toBe(0);
    expect(compressionSavedPercent(5 * MB, 5 * MB)).toBe(0);
    expect(compressionSavedPercent(0, 0)).toBe(0);
  });
});

describe('formatPercent', () => {
  it('formats a 0..1 fraction with Latin digits, clamped', () => {
    expect(formatPercent(0.42, 'en')).toBe('42%');
    expect(formatPercent(0.42, 'ar')).toMatch(/^42\D*%\D*$/);
    expect(formatPercent(0.42, 'ru')).toBe('42\u00a0%');
    expect(formatPercent(1.7, 'en')).toBe('100%');
    expect(formatPercent(Number.NaN, 'en')).toBe('0%');
  });
});

describe('isFileOfKind', () => {
  it('checks the MIME family, whatever the case', () => {
    expect(isFileOfKind({ type: 'image/jpeg' }, 'image')).toBe(true);
    expect(isFileOfKind({ type: 'IMAGE/PNG' }, 'image')).toBe(true);
    expect(isFileOfKind({ type: 'application/pdf' }, 'image')).toBe(false);
    expect(isFileOfKind({ type: '' }, 'image')).toBe(false);
    expect(isFileOfKind({ type: 'video/mp4' }, 'audio')).toBe(false);
    expect(isFileOfKind({ type: 'audio/webm' }, 'audio')).toBe(true);
  });
});
