import { memo, useMemo, type InputHTMLAttributes, type Ref } from 'react';
import type { Language } from '../../shared/i18n/languages.ts';
import { timeZoneLabel, timeZoneNames } from '../lib/time-zones.ts';

/**
 * The IANA zone a chosen time is in (DESIGN §4 "time zones"): typed, with every zone the browser knows
 * suggested as it is typed, and the zone's name in the UI language under it (`{id}-hint`, tied to the input).
 * An invitation's event and a card's reveal both use it; the caller gives the label, the error and the value.
 */
export function TimeZoneField({
  id,
  zone,
  at,
  language,
  describedBy,
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'list' | 'aria-describedby'> & {
  id: string;
  /** The zone typed so far, for its name under the field. */
  zone: string;
  /** The moment the zone is named at (its daylight-saving name in summer). */
  at: Date;
  language: Language;
  /** Other elements that describe the input (its error). */
  describedBy?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}) {
  const zonesId = `${id}-zones`;
  const hintId = `${id}-hint`;
  const zoneName = timeZoneLabel(zone.trim(), language, at);
  return (
    <>
      {/* IANA names are Latin identifiers: left to right in every language, suggested as they are typed. */}
      <input
        {...input}
        ref={ref}
        id={id}
        list={zonesId}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        dir="ltr"
        aria-describedby={[describedBy, zoneName ? hintId : null].filter(Boolean).join(' ') || undefined}
      />
      <TimeZoneOptions id={zonesId} />
      {zoneName && (
        <p id={hintId} className="text-xs text-muted">
          {zoneName}
        </p>
      )}
    </>
  );
}

/** Every zone the browser knows, as suggestions: made once, not on every keystroke of the form. */
const TimeZoneOptions = memo(function TimeZoneOptions({ id }: { id: string }) {
  const zones = useMemo(() => timeZoneNames(), []);
  return (
    <datalist id={id}>
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
});
