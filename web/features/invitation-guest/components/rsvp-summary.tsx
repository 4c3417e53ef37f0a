import { CircleCheck, CircleHelp, CircleSlash, Hourglass, UserRound } from 'lucide-react';
import { useId } from 'react';
import type { Rsvp } from '../../../../shared/invitations/guests.contract.ts';
import type { PublicInvitation } from '../../../../shared/invitations/invitation.contract.ts';
import { useTranslation } from '../../../lib/translation.tsx';

const STATE_ICONS = {
  yes: CircleCheck,
  maybe: CircleHelp,
  no: CircleSlash,
  waitlisted: Hourglass,
} as const;

/**
 * A guest's answer as it stands (DESIGN §1.20): coming or not, how many, with whom, their answers to the
 * host's questions and their note; a waiting guest sees their place in line and when they will hear of it.
 */
export function RsvpSummary({ rsvp, questions }: { rsvp: Rsvp; questions: PublicInvitation['questions'] }) {
  const { t, i18n } = useTranslation();
  if (rsvp.state === 'pending') return null;
  const Icon = STATE_ICONS[rsvp.state];
  const coming = rsvp.state !== 'no';
  const answered = questions.filter((question) => (rsvp.answers[question.id] ?? '') !== '');
  return (
    <div data-testid="rsvp-summary" data-state={rsvp.state}>
      <p className="flex items-center gap-2 text-lg font-black text-ink">
        <Icon
          aria-hidden="true"
          className={rsvp.state === 'no' ? 'size-6 text-muted' : 'size-6 shrink-0 text-plum-600'}
        />
        {t(`invitation.rsvp.summary.${rsvp.state}`)}
      </p>
      {rsvp.state === 'waitlisted' && (
        <div className="mt-2 rounded-2xl bg-plum-50 px-4 py-3 text-sm text-plum-900">
          {rsvp.waitlistPosition !== null && (
            <p className="font-bold" data-testid="rsvp-waitlist-place">
              {t('invitation.rsvp.waitlist.place', { place: rsvp.waitlistPosition })}
            </p>
          )}
          <p className="mt-0.5">{t('invitation.rsvp.waitlist.told')}</p>
        </div>
      )}
      <dl className="mt-3 space-y-2 text-sm">
        {coming && (
          <div>
            <dt className="sr-only">{t('invitation.rsvp.headcount.label')}</dt>
            <dd className="font-bold text-ink" data-testid="rsvp-summary-headcount">
              {rsvp.headcount > 1
                ? t('invitation.rsvp.summary.people', { count: rsvp.headcount })
                : t('invitation.rsvp.summary.justYou')}
              {rsvp.plusOneNames.length > 0 && (
                <span className="block font-semibold text-muted">
                  {t('invitation.rsvp.summary.with', {
                    names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                      rsvp.plusOneNames,
                    ),
                  })}
                </span>
              )}
            </dd>
          </div>
        )}
        {coming &&
          answered.map((question) => (
            <div key={question.id}>
              <dt className="text-xs font-extrabold text-plum-600" dir="auto">
                {question.prompt}
              </dt>
              <dd className="font-bold break-words text-ink" dir="auto">
                {rsvp.answers[question.id]}
              </dd>
            </div>
          ))}
        {rsvp.note !== '' && (
          <div>
            <dt className="text-xs font-extrabold text-plum-600">{t('invitation.rsvp.summary.note')}</dt>
            <dd className="break-words whitespace-pre-wrap text-ink" dir="auto">
              {rsvp.note}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** The names of those coming, when the host shows them (DESIGN §1.20 privacy: nothing else of other guests). */
export function ComingList({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="rsvp-coming" className="border-t border-plum-100 pt-5">
      <h3 id={headingId} className="text-sm font-extrabold text-ink">
        {t('invitation.rsvp.coming.title')}
      </h3>
      {names.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t('invitation.rsvp.coming.none')}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {names.map((name, index) => (
            <li
              key={`${index}-${name}`}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-plum-50 px-3 py-1 text-sm font-bold text-plum-900"
            >
              <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
              <bdi className="truncate">{name}</bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
