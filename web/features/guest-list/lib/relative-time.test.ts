import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const NOW = new Date('2026-06-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('when something happened, as the guest list says it', () => {
  it('counts back in the largest unit that fits, by Intl in the language', () => {
    expect(relativeTime(ago(20), NOW, 'en')).toBe('now');
    expect(relativeTime(ago(5 * 60), NOW, 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), NOW, 'en')).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3600), NOW, 'en')).toBe('yesterday');
    expect(relativeTime(ago(15 * 86400), NOW, 'en')).toBe('2 weeks ago');
    expect(relativeTime(ago(70 * 86400), NOW, 'en')).toBe('2 months ago');
    expect(relativeTime(ago(800 * 86400), NOW, 'en')).toBe('2 years ago');
    expect(relativeTime(ago(5 * 60), NOW, 'ru')).toBe(
      new Intl.RelativeTimeFormat('ru', { numeric: 'auto' }).format(-5, 'minute'),
    );
  });

  it('says now for a clock a little ahead of this one', () => {
    expect(relativeTime(ago(-30), NOW, 'en')).toBe('now');
  });
});
