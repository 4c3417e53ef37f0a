import type { Language } from '../../shared/i18n/languages.ts';

/** Every IANA zone this browser knows, for a time zone field's suggestions. */
export function timeZoneNames(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/** The zone's name in the UI language ("Arabia Standard Time"), at a moment (summer and winter differ). */
export function timeZoneLabel(zone: string, language: Language, at: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'long' }).formatToParts(
      at,
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}
