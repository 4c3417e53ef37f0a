import { CalendarDays } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Reveal } from '../../../../shared/cards/reveal.contract.ts';
import type { ErrorCode } from '../../../../shared/errors.ts';
import { instantOf, isTimeZone } from '../../../../shared/time/zoned-time.ts';
import { Button } from '../../../components/button.tsx';
import { FieldError } from '../../../components/required-field.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { TimeZoneField } from '../../../components/time-zone-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorCodeMessageKey, errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { formatZonedMoment } from '../../../../shared/time/format-moment.ts';
import { sameWallClock, viewerTimeZone } from '../../../lib/zoned-moment.ts';
import { useCardReveal, useSetReveal } from '../api/reveal-api.ts';

type Mode = 'now' | 'later';

/** The refusal that concerns the zone; every other one is about the date and time. */
const ZONE_CODES: ReadonlySet<ErrorCode> = new Set(['unknown-time-zone']);

/**
 * The share step's "Send now" or "Reveal on…" (DESIGN §1.22): a date and time in the recipient's zone (the
 * sender's by default). Once saved it says the moment back in words, in that zone and, when it differs, the
 * sender's own, with Change and "Send now" (which cancels it) until then. A time that a daylight-saving
 * change skips is moved forward by the server, and the form says to when; each refusal shows on its field.
 */
export function RevealChoice({ cardId }: { cardId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const saved = useCardReveal(cardId);
  const setReveal = useSetReveal(cardId);
  const idBase = useId();
  const atId = `${idBase}-at`;
  const zoneId = `${idBase}-zone`;
  const [choice, setChoice] = useState<Mode | null>(null);
  const [editing, setEditing] = useState(false);
  const [at, setAt] = useState('');
  const [zone, setZone] = useState(viewerTimeZone);
  const [localIssue, setLocalIssue] = useState<{ field: 'at' | 'zone'; code: ErrorCode } | null>(null);
  const [adjusted, setAdjusted] = useState(false);
  // When the dialog opened: a reveal already passed then is the card open, with nothing left to change.
  const [openedAt] = useState(Date.now);

  if (saved.isPending) return null;
  const reveal = saved.data ?? null;
  const scheduled = reveal && Date.parse(reveal.revealAt) > openedAt ? reveal : null;
  const mode: Mode = choice ?? (scheduled ? 'later' : 'now');
  const showForm = mode === 'later' && (scheduled === null || editing);

  const serverCode = setReveal.isError ? errorCodeOf(setReveal.error) : null;
  const issue =
    localIssue ??
    (setReveal.isError
      ? { field: serverCode && ZONE_CODES.has(serverCode) ? 'zone' : 'at', code: serverCode }
      : null);
  const issueText = (field: 'at' | 'zone') => {
    if (issue?.field !== field) return null;
    return issue.code ? t(errorCodeMessageKey(issue.code)) : t(errorMessageKey(setReveal.error));
  };
  const atError = issueText('at');
  const zoneError = issueText('zone');

  const choose = (next: Mode) => {
    setChoice(next);
    setLocalIssue(null);
    setReveal.reset();
    if (next === 'now' && scheduled) {
      // A cancel that fails leaves the reveal as it was, and says why under it.
      setReveal.mutate(null, { onSuccess: () => setAdjusted(false), onError: () => setChoice(null) });
    }
    if (next === 'later' && !scheduled) setEditing(true);
  };

  const startEditing = (current: Reveal) => {
    setAt(current.localTime);
    setZone(current.timeZone);
    setEditing(true);
    setAdjusted(false);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setReveal.reset();
    const typedZone = zone.trim();
    if (!isTimeZone(typedZone)) return setLocalIssue({ field: 'zone', code: 'unknown-time-zone' });
    const instant = instantOf(at, typedZone);
    if (!instant) return setLocalIssue({ field: 'at', code: 'validation-failed' });
    if (instant.getTime() <= Date.now()) return setLocalIssue({ field: 'at', code: 'reveal-in-past' });
    setLocalIssue(null);
    setReveal.mutate(
      { at, timeZone: typedZone },
      {
        onSuccess: (answer) => {
          // A moved time stays in the field with why, so the sender sees what was saved where they typed it.
          if (answer.adjusted && answer.reveal) setAt(answer.reveal.localTime);
          else setEditing(false);
          setAdjusted(answer.adjusted);
        },
      },
    );
  };

  return (
    <section className="mt-6" data-testid="reveal-choice">
      <fieldset>
        <legend className="text-sm font-bold text-ink">{t('reveal.share.legend')}</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-2">
          {(['now', 'later'] as const).map((option) => (
            <label
              key={option}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-2xl border px-3 py-2 text-center text-sm font-bold',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-plum-500',
                mode === option
                  ? 'border-plum-600 bg-plum-50 text-plum-900'
                  : 'border-plum-200 bg-white text-plum-800',
              )}
            >
              <input
                type="radio"
                name={`${idBase}-mode`}
                value={option}
                checked={mode === option}
                onChange={() => choose(option)}
                disabled={setReveal.isPending}
                data-testid={`reveal-mode-${option}`}
                className="accent-plum-700"
              />
              {option === 'now' ? t('reveal.share.sendNow') : t('reveal.share.revealOn')}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'now' && !setReveal.isPending ? (
        <p className="mt-1.5 text-xs text-muted">{t('reveal.share.opensNow')}</p>
      ) : null}

      {mode === 'later' && scheduled ? (
        <div className="mt-3 rounded-2xl bg-plum-50 p-4" data-testid="reveal-summary">
          <p className="font-bold text-plum-900" aria-live="polite">
            {t('reveal.share.summary', {
              when: formatZonedMoment(new Date(scheduled.revealAt), scheduled.timeZone, language),
              zone: scheduled.timeZone,
            })}
          </p>
          {sameWallClock(new Date(scheduled.revealAt), scheduled.timeZone, viewerTimeZone()) ? null : (
            <p className="mt-0.5 text-sm text-plum-700" data-testid="reveal-summary-yours">
              {t('reveal.sealed.yourTime', {
                when: formatZonedMoment(new Date(scheduled.revealAt), viewerTimeZone(), language),
              })}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {editing ? null : (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => startEditing(scheduled)}
                data-testid="reveal-change"
              >
                {t('reveal.share.change')}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              pending={setReveal.isPending}
              onClick={() => choose('now')}
              data-testid="reveal-cancel"
            >
              {t('reveal.share.cancel')}
            </Button>
          </div>
          {setReveal.isError && !showForm ? (
            <p role="alert" className="mt-2 text-sm font-semibold text-coral-700">
              {t(errorMessageKey(setReveal.error))}
            </p>
          ) : null}
        </div>
      ) : null}
      {showForm ? (
        <form className="mt-3 space-y-3" onSubmit={save} noValidate data-testid="reveal-form">
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={atId} className="text-sm font-bold text-ink">
              {t('reveal.share.dateTime')}
            </label>
            <input
              id={atId}
              type="datetime-local"
              value={at}
              onChange={(event) => {
                setAt(event.target.value);
                setLocalIssue(null);
                setAdjusted(false);
              }}
              required
              aria-invalid={atError ? true : undefined}
              aria-describedby={
                [atError ? `${atId}-error` : null, adjusted ? `${atId}-adjusted` : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              data-testid="reveal-at"
              className={cn(fieldInputClasses, 'min-w-0', atError ? 'border-coral-500' : 'border-plum-200')}
            />
            {atError && <FieldError id={`${atId}-error`}>{atError}</FieldError>}
            {adjusted && scheduled ? (
              <p
                id={`${atId}-adjusted`}
                role="status"
                className="text-sm font-semibold text-coral-700"
                data-testid="reveal-adjusted"
              >
                {t('reveal.share.adjusted', {
                  zone: scheduled.timeZone,
                  when: scheduled.localTime.slice(11),
                })}
              </p>
            ) : null}
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={zoneId} className="text-sm font-bold text-ink">
              {t('reveal.share.timeZone')}
            </label>
            <TimeZoneField
              id={zoneId}
              zone={zone}
              at={instantOf(at, zone.trim()) ?? new Date()}
              language={language}
              value={zone}
              onChange={(event) => {
                setZone(event.target.value);
                setLocalIssue(null);
              }}
              required
              aria-invalid={zoneError ? true : undefined}
              describedBy={zoneError ? `${zoneId}-error` : undefined}
              data-testid="reveal-zone"
              className={cn(fieldInputClasses, zoneError ? 'border-coral-500' : 'border-plum-200')}
            />
            {zoneError && <FieldError id={`${zoneId}-error`}>{zoneError}</FieldError>}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={setReveal.isPending} data-testid="reveal-save">
              <CalendarDays aria-hidden="true" className="size-4" />
              {t('reveal.share.save')}
            </Button>
            {scheduled ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setEditing(false);
                  setAdjusted(false);
                  setLocalIssue(null);
                  setReveal.reset();
                }}
              >
                {t('reveal.share.keep')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
