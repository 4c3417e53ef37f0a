import { Check, Copy, Lock, Pencil, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import type { PublicCard } from '../../../../shared/cards/cards.contract.ts';
import type { GuestInvitation } from '../../../../shared/invitations/guests.contract.ts';
import type { PublicInvitation } from '../../../../shared/invitations/invitation.contract.ts';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { copyLink } from '../../../lib/share-link.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import {
  fetchGuestInvitation,
  sendAnswer,
  sendOpenAnswer,
  withdrawAnswer,
} from '../api/guest-invitation-api.ts';
import {
  forgetGuestLink,
  guestTokenOf,
  rememberedGuestToken,
  rememberGuestLink,
} from '../lib/open-link-memory.ts';
import {
  deadlineText,
  formValuesOf,
  repliesCloseAt,
  rsvpInputOf,
  type ReplyRules,
  type RsvpFormValues,
} from '../lib/rsvp-answer.ts';
import { MailLanguage } from './mail-language.tsx';
import { RsvpForm } from './rsvp-form.tsx';
import { ComingList, RsvpSummary } from './rsvp-summary.tsx';

/**
 * A guest's reply on the recipient page (DESIGN §1.20), without an account: the form until they answer, then
 * their answer with "Change your reply" and "Withdraw"; once replies close, the answer as it stands. Its code
 * and strings load only on invitation pages.
 */

/** The frame of the reply: a card under the event, its heading, and the deadline when the host set one. */
function ReplySection({
  invitation,
  closed = false,
  headingRef,
  intro,
  children,
}: {
  invitation: PublicInvitation;
  /** Replies are closed: the deadline is past, not asked for. */
  closed?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  intro?: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const deadline = closed ? null : deadlineText(invitation, i18n.language);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="invitation-reply"
      className="mx-auto mt-6 max-w-md space-y-5 rounded-3xl border border-plum-100 bg-white px-5 py-6 shadow-card sm:px-7"
    >
      <div>
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-black text-ink outline-none"
        >
          {t('invitation.rsvp.heading')}
        </h2>
        {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
        {deadline && (
          <p className="mt-1 text-sm text-muted" data-testid="rsvp-deadline">
            {t('invitation.rsvp.replyBy', { date: deadline })}
          </p>
        )}
      </div>
      {children}
    </section>
  );
}

/** "Replies are closed", and the answer as it stands. */
function RepliesClosed({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div data-testid="rsvp-closed" className="space-y-4">
      <div className="flex gap-3 rounded-2xl bg-plum-50 px-4 py-3 text-plum-900">
        <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-black">{t('invitation.rsvp.closed.title')}</p>
          <p className="text-sm">{t('invitation.rsvp.closed.text')}</p>
        </div>
      </div>
      {children}
    </div>
  );
}

/** A short confirmation under the heading, announced politely. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      data-testid="rsvp-notice"
      className="flex items-center gap-2 rounded-2xl bg-emerald-50 px-4 py-3 text-sm font-bold text-emerald-900"
    >
      <Check aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </p>
  );
}

/** The guest's own link, with a copy button: the open group link's guest changes their answer there later. */
function OwnLink({ link }: { link: string }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    // Where nothing could copy it, the link stays selected to copy by hand.
    setCopied(await copyLink(link, input.current));
  };
  return (
    <div className="flex flex-col gap-1.5 border-t border-plum-100 pt-5" data-testid="rsvp-own-link">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {t('invitation.rsvp.ownLink.label')}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={link}
          dir="ltr"
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-2xl border border-plum-200 bg-plum-50/50 px-3 text-sm text-ink"
        />
        <Button variant="secondary" onClick={() => void copy()} data-testid="rsvp-copy-link">
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {t('invitation.rsvp.ownLink.copy')}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-xs font-bold text-emerald-800">
        {copied ? t('invitation.rsvp.ownLink.copied') : ''}
      </p>
    </div>
  );
}

/** What the guest just did, confirmed under the heading. */
type Done = 'sent' | 'withdrawn' | null;

/**
 * The reply of a guest with their own link (`/i/{token}`): the form, or their answer with Change and Withdraw;
 * once replies close, the answer as it stands. `ownLink`: the link the open group link gave them, shown.
 */
export function GuestRsvp({
  token,
  initial,
  ownLink,
  justSent = false,
}: {
  token: string;
  initial: GuestInvitation;
  ownLink?: string;
  justSent?: boolean;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<Done>(justSent ? 'sent' : null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // After a send or a withdrawal the form or the buttons are gone: the reply's heading takes the focus.
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [current, editing]);

  const invitation = current.card.invitation!;
  const rules: ReplyRules = {
    questions: invitation.questions,
    maxPlusOnes: current.guest.maxPlusOnes,
    withName: false,
  };
  const answered = current.rsvp.state !== 'pending';
  /** The reply's heading takes the focus after the next change: what had it is gone. */
  const refocus = () => {
    moved.current = true;
  };
  const show = (next: GuestInvitation, noticed: Done) => {
    refocus();
    setCurrent(next);
    setEditing(false);
    setNotice(noticed);
  };
  const send = async (values: RsvpFormValues) => {
    setActionError(null);
    show(await sendAnswer(token, rsvpInputOf(values, rules)), 'sent');
  };
  const withdraw = async () => {
    setActionError(null);
    setWithdrawing(true);
    try {
      show(await withdrawAnswer(token), 'withdrawn');
    } catch (error) {
      setActionError(t(errorMessageKey(error)));
    } finally {
      setWithdrawing(false);
    }
  };

  const summary = <RsvpSummary rsvp={current.rsvp} questions={invitation.questions} />;
  let body: ReactNode;
  if (current.repliesClosed) {
    body = (
      <RepliesClosed>
        {answered ? summary : <p className="text-sm text-muted">{t('invitation.rsvp.closed.noReply')}</p>}
      </RepliesClosed>
    );
  } else if (!answered || editing) {
    body = (
      <RsvpForm
        key={`${current.rsvp.answeredAt ?? 'none'}-${String(editing)}`}
        rules={rules}
        initial={formValuesOf(current.rsvp, rules)}
        submitLabel={t(answered ? 'invitation.rsvp.update' : 'invitation.rsvp.send')}
        onSend={send}
        onCancel={
          editing
            ? () => {
                refocus();
                setEditing(false);
              }
            : undefined
        }
        cancelLabel={t('invitation.rsvp.keep')}
      />
    );
  } else {
    body = (
      <>
        {summary}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            onClick={() => {
              refocus();
              setNotice(null);
              setEditing(true);
            }}
            data-testid="rsvp-change"
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('invitation.rsvp.change')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => void withdraw()}
            pending={withdrawing}
            data-testid="rsvp-withdraw"
          >
            {!withdrawing && <RotateCcw aria-hidden="true" className="size-4" />}
            {t('invitation.rsvp.withdraw')}
          </Button>
        </div>
        {actionError && (
          <p role="alert" className="text-sm font-bold text-coral-700">
            {actionError}
          </p>
        )}
      </>
    );
  }

  return (
    <ReplySection invitation={invitation} closed={current.repliesClosed} headingRef={heading}>
      {notice && !editing && (
        <Notice>{t(notice === 'sent' ? 'invitation.rsvp.sent' : 'invitation.rsvp.withdrawn')}</Notice>
      )}
      {body}
      {/* The open group link's guests have no address: no mail to write in any language. */}
      {ownLink ? <OwnLink link={ownLink} /> : <MailLanguage token={token} initial={current.guest.language} />}
      {current.coming !== null && <ComingList names={current.coming} />}
    </ReplySection>
  );
}

type OpenReplyState =
  | { step: 'looking' }
  | { step: 'form' }
  | { step: 'guest'; token: string; invitation: GuestInvitation; justSent: boolean };

/**
 * The reply on an invitation's open group link (`/c/{id}`, DESIGN §1.20): the same form with the guest's name
 * first. Answering makes this device a guest with a link of their own, remembered here, so a later visit shows
 * that guest's answer (and lets them change it) instead of a blank form.
 */
export function OpenRsvp({ card }: { card: PublicCard }) {
  const { t } = useTranslation();
  const invitation = card.invitation!;
  // Drawn in the browser only (under the opened card): the device's memory is at hand.
  const [remembered] = useState(() => rememberedGuestToken(card.id));
  const [state, setState] = useState<OpenReplyState>(() =>
    remembered === null ? { step: 'form' } : { step: 'looking' },
  );
  const [closed] = useState(() => Date.now() > repliesCloseAt(invitation).getTime());

  useEffect(() => {
    const token = remembered;
    if (token === null) return;
    let current = true;
    fetchGuestInvitation(token).then(
      (guest) => current && setState({ step: 'guest', token, invitation: guest, justSent: false }),
      (error: unknown) => {
        // The host removed that guest: the device answers anew.
        if (hasErrorCode(error, 'card-not-found')) forgetGuestLink(card.id);
        if (current) setState({ step: 'form' });
      },
    );
    return () => {
      current = false;
    };
  }, [card.id, remembered]);

  if (state.step === 'looking') {
    return (
      <ReplySection invitation={invitation}>
        <Spinner className="mx-auto" />
      </ReplySection>
    );
  }
  if (state.step === 'guest') {
    return (
      <GuestRsvp
        token={state.token}
        initial={state.invitation}
        justSent={state.justSent}
        ownLink={new URL(paths.guestInvitation(state.token), window.location.origin).href}
      />
    );
  }
  if (closed) {
    return (
      <ReplySection invitation={invitation} closed>
        <RepliesClosed>
          <p className="text-sm text-muted">{t('invitation.rsvp.closed.noReply')}</p>
        </RepliesClosed>
      </ReplySection>
    );
  }
  const rules: ReplyRules = {
    questions: invitation.questions,
    maxPlusOnes: invitation.maxPlusOnes,
    withName: true,
  };
  const send = async (values: RsvpFormValues) => {
    const answer = await sendOpenAnswer(card.id, { ...rsvpInputOf(values, rules), name: values.name });
    rememberGuestLink(card.id, answer.linkPath);
    const token = guestTokenOf(answer.linkPath);
    if (token === null) throw new Error(`not a guest's link: ${answer.linkPath}`);
    setState({ step: 'guest', token, invitation: answer.invitation, justSent: true });
  };
  return (
    <ReplySection invitation={invitation} intro={t('invitation.rsvp.openIntro')}>
      <RsvpForm
        rules={rules}
        initial={formValuesOf(null, rules)}
        submitLabel={t('invitation.rsvp.send')}
        onSend={send}
        messageKeyOf={(error) =>
          // The host's plan has no room for one more guest: said to the guest, not as the host's own message.
          hasErrorCode(error, 'guest-limit-reached') ? 'invitation.rsvp.errors.full' : errorMessageKey(error)
        }
      />
    </ReplySection>
  );
}
