import { Copy, Eye, PenLine, Share2, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Invitation } from '../../../../shared/invitations/invitation.contract.ts';
import type { GuestState, HostGuest } from '../../../../shared/invitations/guests.contract.ts';
import { showToast } from '../../../components/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { canShareNatively, copyLink, shareLink } from '../../../lib/share-link.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { relativeTime } from '../lib/relative-time.ts';

const STATE_TONES: Record<GuestState, string> = {
  yes: 'bg-emerald-100 text-emerald-900',
  maybe: 'bg-amber-100 text-amber-950',
  no: 'bg-coral-100 text-coral-900',
  pending: 'bg-plum-50 text-plum-800 ring-1 ring-plum-100',
  waitlisted: 'bg-plum-100 text-plum-900',
};

/**
 * One guest of the host's list: their name and email, where they stand (with their place on the waitlist),
 * how many come and with whom, their answers to the host's questions and their note, when they opened their
 * link and last answered, and who gave the answer; their link to copy or share, an answer to record, removal.
 */
export function GuestRow({
  guest,
  invitation,
  onRecord,
  onRemove,
  deliveryState,
}: {
  guest: HostGuest;
  invitation: Pick<Invitation, 'title' | 'questions'>;
  onRecord: () => void;
  onRemove: () => void;
  /** Where the guest's invitation by email stands (composed by the route). */
  deliveryState?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const now = new Date();
  const link = new URL(guest.linkPath, window.location.origin).href;
  const coming = guest.state === 'yes' || guest.state === 'maybe' || guest.state === 'waitlisted';
  const answers = invitation.questions.flatMap((question) => {
    const answer = guest.answers[question.id]?.trim();
    return answer ? [{ id: question.id, prompt: question.prompt, answer }] : [];
  });
  // How long ago, in a sentence; the exact moment shows on hover.
  const when = (iso: string, sentence: (relative: string) => string) => (
    <time
      dateTime={iso}
      title={new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      )}
    >
      {sentence(relativeTime(iso, now, language))}
    </time>
  );

  const copy = async () => {
    if (await copyLink(link)) showToast(t('guestList.actions.copied'));
    else showToast(t('guestList.actions.copyFailed'), 'error');
  };
  const share = async () => {
    const outcome = await shareLink({
      url: link,
      title: invitation.title,
      text: t('guestList.shareText', { name: guest.name, title: invitation.title }),
    });
    if (outcome === 'copied') showToast(t('guestList.actions.copied'));
    else if (outcome === 'failed') showToast(t('guestList.actions.copyFailed'), 'error');
  };

  return (
    <li
      data-testid="guest"
      data-state={guest.state}
      className="rounded-3xl bg-white p-4 shadow-xs ring-1 ring-plum-100 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-base font-extrabold break-words text-ink">
            <bdi>{guest.name}</bdi>
          </p>
          {guest.email && (
            <p className="truncate text-sm text-muted">
              <bdi>{guest.email}</bdi>
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 text-end">
          <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-extrabold', STATE_TONES[guest.state])}>
            {t(`guestList.states.${guest.state}`)}
          </span>
          {coming && (
            <span className="text-xs font-bold text-muted tabular-nums">
              {t('guestList.headcount', { count: guest.headcount })}
            </span>
          )}
        </div>
      </div>

      {(guest.waitlistPosition !== null || guest.plusOneNames.length > 0) && (
        <div className="mt-3 space-y-1 text-sm text-ink/85">
          {guest.waitlistPosition !== null && (
            <p>{t('guestList.waitlistPlace', { place: guest.waitlistPosition })}</p>
          )}
          {guest.plusOneNames.length > 0 && (
            <p>
              {t('guestList.plusOnes', {
                // Each name isolated: a Latin name in an Arabic list keeps its place.
                names: new Intl.ListFormat(language, { type: 'conjunction' }).format(
                  guest.plusOneNames.map((name) => `\u2068${name}\u2069`),
                ),
              })}
            </p>
          )}
        </div>
      )}

      {(answers.length > 0 || guest.note !== '') && (
        <dl className="mt-3 space-y-1.5 text-sm">
          {answers.map(({ id, prompt, answer }) => (
            <div key={id} className="flex flex-wrap gap-x-1.5">
              <dt className="font-bold text-ink" dir="auto">
                {prompt}
              </dt>
              <dd className="text-ink/85" dir="auto">
                {answer}
              </dd>
            </div>
          ))}
          {guest.note !== '' && (
            <div className="rounded-2xl bg-plum-50/70 px-3 py-2">
              <dt className="text-xs font-extrabold text-plum-700">{t('guestList.note')}</dt>
              <dd dir="auto" className="break-words whitespace-pre-wrap text-ink">
                {guest.note}
              </dd>
            </div>
          )}
        </dl>
      )}

      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted">
        <span className="inline-flex items-center gap-1">
          <Eye aria-hidden="true" className="size-3.5 shrink-0" />
          {guest.openedAt
            ? when(guest.openedAt, (relative) => t('guestList.opened', { when: relative }))
            : t('guestList.notOpened')}
        </span>
        {guest.answeredAt && when(guest.answeredAt, (relative) => t('guestList.changed', { when: relative }))}
        {guest.answeredBy === 'host' && (
          <span className="font-bold text-plum-700">{t('guestList.answeredByYou')}</span>
        )}
        {guest.addedBy === 'open-link' && <span>{t('guestList.viaGroupLink')}</span>}
      </p>
      {deliveryState}
      {guest.mailBounce !== null && (
        <p className="mt-2 text-xs font-bold text-coral-700">
          {t('guestList.mailBounced', { reason: guest.mailBounce })}
        </p>
      )}
      {guest.mailOptedOut && guest.email !== null && (
        <p className="mt-2 text-xs text-muted">{t('guestList.mailOptedOut')}</p>
      )}

      <div
        role="group"
        aria-label={t('guestList.actions.label', { name: guest.name })}
        className="mt-3 grid grid-cols-2 gap-1.5 border-t border-plum-100 pt-3 sm:flex sm:flex-wrap"
      >
        <Action icon={<Copy className="size-4" />} onClick={() => void copy()}>
          {t('guestList.actions.copy')}
        </Action>
        {canShareNatively(link) && (
          <Action icon={<Share2 className="size-4" />} onClick={() => void share()}>
            {t('guestList.actions.share')}
          </Action>
        )}
        <Action icon={<PenLine className="size-4" />} onClick={onRecord}>
          {t('guestList.actions.record')}
        </Action>
        <Action icon={<Trash2 className="size-4" />} onClick={onRemove} danger>
          {t('guestList.actions.remove')}
        </Action>
      </div>
    </li>
  );
}

function Action({
  icon,
  onClick,
  danger = false,
  children,
}: {
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'inline-flex h-10 min-w-0 items-center justify-center gap-1.5 rounded-full px-3 text-sm font-bold transition-colors sm:h-9',
        danger
          ? 'bg-coral-50/70 text-coral-800 hover:bg-coral-100 sm:bg-transparent sm:hover:bg-coral-50'
          : 'bg-plum-50/70 text-plum-800 hover:bg-plum-100 sm:bg-transparent sm:hover:bg-plum-50',
      )}
    >
      <span aria-hidden="true">{icon}</span>
      {children}
    </button>
  );
}
