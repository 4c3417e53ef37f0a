import { CalendarDays, ExternalLink, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import type { Language } from '../../../../shared/i18n/languages.ts';
import {
  INVITATION_NOTES_MAX_LENGTH,
  INVITATION_PLACE_MAX_LENGTH,
  INVITATION_TITLE_MAX_LENGTH,
  mapLinkOf,
} from '../../../../shared/invitations/invitation-rules.ts';
import { FieldError } from '../../../components/required-field.tsx';
import { TimeZoneField } from '../../../components/time-zone-field.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import type { CardFormValues } from '../lib/card-draft.ts';
import {
  eventErrorKey,
  eventFieldId,
  labelMoment,
  type EventField,
  type EventFieldPath,
  type EventFormValues,
  type QuestionFormValues,
} from '../lib/invitation-draft.ts';
import { ReplySettings } from './reply-settings.tsx';

/**
 * An invitation's event in the card form (DESIGN §1.20): title, start and optional end as wall-clock times in
 * the event's IANA zone (the device's by default; typed or picked from every zone the browser knows), the
 * place with a live map link, notes, and how guests reply. Each field shows its own issue, tied to it.
 */
export function EventFields({
  idBase,
  values,
  issues,
  register,
  onEdited,
  onQuestionsChange,
  onShowGuestListChange,
  language,
}: {
  idBase: string;
  values: EventFormValues;
  /** Each field's issue code, if any. */
  issues: Partial<Record<EventFieldPath, string>>;
  register: UseFormRegister<CardFormValues>;
  onEdited: (field: EventFieldPath) => void;
  onQuestionsChange: (questions: QuestionFormValues[]) => void;
  onShowGuestListChange: (shown: boolean) => void;
  language: Language;
}) {
  const { t } = useTranslation();
  const mapUrl = mapLinkOf(values.place);

  const control = (field: EventField, extra: { describedBy?: string | null; className?: string } = {}) => {
    const id = eventFieldId(idBase, field);
    const issue = issues[field];
    return {
      ...register(`event.${field}`, { onChange: () => onEdited(field) }),
      id,
      'aria-invalid': issue ? true : undefined,
      'aria-describedby':
        [issue ? `${id}-error` : null, extra.describedBy].filter(Boolean).join(' ') || undefined,
      className: cn(fieldInputClasses, issue ? 'border-coral-500' : 'border-plum-200', extra.className),
    };
  };
  const field = (
    name: EventField,
    label: string,
    required: boolean,
    children: ReactNode,
    hint?: ReactNode,
  ) => {
    const id = eventFieldId(idBase, name);
    const issue = issues[name];
    return (
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-bold text-ink">
          {label}
          {required ? (
            <span aria-hidden="true" className="text-coral-600">
              {' *'}
            </span>
          ) : (
            <span className="font-semibold text-muted"> ({t('invitation.editor.optional')})</span>
          )}
        </label>
        {children}
        {hint}
        {issue && <FieldError id={`${id}-error`}>{t(eventErrorKey(issue))}</FieldError>}
      </div>
    );
  };
  const { 'aria-describedby': zoneDescribedBy, id: zoneId, ...zoneControl } = control('timeZone');

  return (
    <fieldset data-testid="event-fields" className="min-w-0">
      <legend className="flex items-center gap-2 text-base font-black text-ink">
        <CalendarDays aria-hidden="true" className="size-5 text-plum-600" />
        {t('invitation.editor.section')}
      </legend>
      <p className="mt-0.5 text-xs text-muted">{t('invitation.editor.intro')}</p>
      <div className="mt-3 space-y-4 rounded-3xl border border-plum-100 bg-plum-50/40 p-4 sm:p-5">
        {field(
          'title',
          t('invitation.editor.title'),
          true,
          <input
            {...control('title')}
            aria-required
            maxLength={INVITATION_TITLE_MAX_LENGTH}
            autoComplete="off"
            dir="auto"
          />,
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            'startsAt',
            t('invitation.editor.startsAt'),
            true,
            <input {...control('startsAt')} type="datetime-local" aria-required />,
          )}
          {field(
            'endsAt',
            t('invitation.editor.endsAt'),
            false,
            <input {...control('endsAt')} type="datetime-local" min={values.startsAt || undefined} />,
          )}
        </div>
        {field(
          'timeZone',
          t('invitation.editor.timeZone'),
          true,
          <TimeZoneField
            {...zoneControl}
            id={zoneId}
            describedBy={zoneDescribedBy}
            zone={values.timeZone}
            at={labelMoment(values, new Date())}
            language={language}
            aria-required
          />,
        )}
        {field(
          'place',
          t('invitation.editor.place'),
          false,
          <input
            {...control('place')}
            maxLength={INVITATION_PLACE_MAX_LENGTH}
            autoComplete="off"
            placeholder={t('invitation.editor.placePlaceholder')}
            dir="auto"
          />,
          mapUrl && (
            // A new tab, so the card being written stays as it is.
            <a
              href={mapUrl}
              target="_blank"
              rel="noopener"
              data-testid="event-map-link"
              className="inline-flex items-center gap-1.5 self-start text-sm font-bold text-plum-700 underline underline-offset-2"
            >
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {t('invitation.editor.openMap')}
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 rtl:-scale-x-100" />
            </a>
          ),
        )}
        {field(
          'notes',
          t('invitation.editor.notes'),
          false,
          <textarea
            {...control('notes', { className: 'h-auto min-h-24 resize-y py-3 leading-relaxed' })}
            rows={3}
            maxLength={INVITATION_NOTES_MAX_LENGTH}
            placeholder={t('invitation.editor.notesPlaceholder')}
            dir="auto"
          />,
        )}
        <ReplySettings
          idBase={idBase}
          values={values}
          issues={issues}
          register={register}
          onEdited={onEdited}
          onQuestionsChange={onQuestionsChange}
          onShowGuestListChange={onShowGuestListChange}
        />
      </div>
    </fieldset>
  );
}
