import { describe, expect, it } from 'vitest';
import {
  eventDay,
  eventWhen as eventWhenSpaced,
  startInZone as startInZoneSpaced,
  type EventTimes,
} from './event-dates.ts';

// Intl puts narrow and thin no-break spaces around times and ranges: compared here as plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');
const eventWhen = (...args: Parameters<typeof eventWhenSpaced>) => eventWhenSpaced(...args).map(plain);
const startInZone = (...args: Parameters<typeof startInZoneSpaced>) => {
  const text = startInZoneSpaced(...args);
  return text === null ? null : plain(text);
};

/** 18:30 to 23:00 in Riyadh (UTC+3, no daylight saving) on 24 December 2026. */
const riyadh: EventTimes = {
  startsAtUtc: '2026-12-24T15:30:00.000Z',
  endsAtUtc: '2026-12-24T20:00:00.000Z',
  timeZone: 'Asia/Riyadh',
};

describe("an invitation's times as people read them", () => {
  it("shows the day and the times in the event's zone, with the zone's name", () => {
    expect(eventWhen(riyadh, 'en')).toEqual(['Thursday, December 24, 2026', '6:30 – 11:00 PM GMT+3']);
    expect(eventWhen({ ...riyadh, endsAtUtc: null }, 'en')).toEqual([
      'Thursday, December 24, 2026',
      '6:30 PM GMT+3',
    ]);
    expect(eventWhen(riyadh, 'ru')).toEqual(['четверг, 24 декабря 2026 г.', '18:30–23:00 GMT+3']);
  });

  it('shows an event over several days as one range', () => {
    const lines = eventWhen({ ...riyadh, endsAtUtc: '2026-12-25T20:00:00.000Z' }, 'en');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('December 24');
    expect(lines[0]).toContain('December 25');
  });

  it("follows daylight saving in the event's zone (New York, summer and winter)", () => {
    const summer = { startsAtUtc: '2026-07-04T22:30:00.000Z', endsAtUtc: null, timeZone: 'America/New_York' };
    const winter = { startsAtUtc: '2026-12-24T23:30:00.000Z', endsAtUtc: null, timeZone: 'America/New_York' };
    expect(eventWhen(summer, 'en')[1]).toBe('6:30 PM EDT');
    expect(eventWhen(winter, 'en')[1]).toBe('6:30 PM EST');
  });

  it('gives a guest elsewhere the start in their own zone, with the day when it differs', () => {
    expect(startInZone(riyadh, 'en', 'Europe/London')).toBe('3:30 PM GMT');
    expect(startInZone(riyadh, 'en', 'America/Los_Angeles')).toBe('7:30 AM PST');
    expect(startInZone({ ...riyadh, startsAtUtc: '2026-12-24T18:30:00.000Z' }, 'en', 'Asia/Tokyo')).toBe(
      'Fri, Dec 25, 3:30 AM GMT+9',
    );
  });

  it('says nothing more when the guest’s clock shows the same time', () => {
    expect(startInZone(riyadh, 'en', 'Asia/Riyadh')).toBeNull();
    // Another zone, the same clock that day.
    expect(startInZone(riyadh, 'en', 'Europe/Moscow')).toBeNull();
  });

  it("names the event's day in its zone, even when UTC is already the next day", () => {
    const late = { startsAtUtc: '2026-12-24T22:30:00.000Z', endsAtUtc: null, timeZone: 'America/New_York' };
    expect(eventDay(late, 'en')).toBe('Dec 24, 2026');
    expect(eventDay(riyadh, 'ru')).toBe('24 дек. 2026 г.');
  });
});
