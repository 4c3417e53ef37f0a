import crypto from 'node:crypto';
import type { Database } from '../../platform/db/database.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { PermanentJobError } from '../../platform/jobs/job-runner.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mail-messages.ts';
import { invitationsApi } from '../../../shared/api-paths.ts';
import {
  MESSAGE_AUDIENCE_STATES,
  type GuestState,
  type MessageAudience,
} from '../../../shared/invitations/guests.contract.ts';
import type { SharedCards } from '../cards/cards.module.ts';
import type { InvitationRecord } from '../cards/card-invitation.ts';
import type { InvitationCard } from './answer-book.ts';
import { invitationCalendar } from './invitation-calendar.ts';
import { guestLinkPath, mailLanguageOf } from './guests.presenter.ts';
import type { GuestRecord, GuestsRepository } from './guests.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The kinds of job this module handles: three that pick the guests a mail is for, one that mails a guest. */
const JOB = {
  rsvpReminder: 'invitation-rsvp-reminder',
  dayBefore: 'invitation-day-before',
  changed: 'invitation-changed',
  guestMail: 'invitation-guest-mail',
  cancelMail: 'invitation-cancel-mail',
} as const;

type GuestMail = 'rsvp-reminder' | 'event-reminder' | 'event-changed' | 'host-message';

/** Who each mail is for: those who have not answered; those coming; those coming or maybe coming. */
const RECIPIENTS: Record<Exclude<GuestMail, 'host-message'>, readonly GuestState[]> = {
  'rsvp-reminder': ['pending'],
  'event-reminder': ['yes'],
  'event-changed': ['yes', 'maybe'],
};

/** What a guest's mail job carries: the mail, and the host's words for a message. */
interface GuestMailJob {
  cardId: string;
  guestId: string;
  mail: GuestMail;
  text?: string;
}

/** A refusal for good from the receiving server (SMTP 5xx), as nodemailer reports it. */
function permanentRefusal(error: unknown): string | null {
  const code = (error as { responseCode?: unknown }).responseCode;
  if (typeof code !== 'number' || code < 500 || code >= 600) return null;
  return (error as { response?: string }).response ?? String(code);
}

/** When replies close: the deadline, else the start. */
const repliesCloseAt = (invitation: InvitationRecord) => invitation.rsvpBy ?? invitation.startsAt;

/**
 * An invitation's mails to its guests (DESIGN §1.20), from the jobs table so each goes out once whichever
 * instance is up: a reminder some days before replies close to those who have not answered, one the day
 * before to those coming, and the updated event (a calendar REQUEST with the same UID and a higher SEQUENCE)
 * to those coming or maybe coming when the time or the place changed. Only to guests with an address who did
 * not opt out, in each guest's language (the one they chose, else the invitation's), each with its one-click
 * unsubscribe. A mail the guest's server refuses for good is the guest's bounce, which the host sees.
 */
export type InvitationMails = ReturnType<typeof createInvitationMails>;

export function createInvitationMails(deps: {
  jobs: JobRunner;
  database: Database;
  repository: GuestsRepository;
  cards: SharedCards;
  mailer: Mailer;
  origin: string;
  now: () => Date;
  /** How many days before replies close the reminder goes out. */
  reminderDaysBefore: number;
  /** The address mails come from: the calendar's ORGANIZER (mail apps want one on an invitation). */
  organizerEmail: string;
  /** Told when a guest's address refused a mail for good: the host's list shows it. */
  onBounce: (card: InvitationCard) => Promise<void>;
}) {
  const { jobs, repository, cards, mailer, origin, now } = deps;

  async function invitationOf(cardId: string): Promise<InvitationCard | null> {
    const card = await cards.find(cardId);
    return card?.invitation ? (card as InvitationCard) : null;
  }

  /**
   * Schedules one mail job per guest it is for, all in one transaction; a rerun schedules none twice. Answers
   * how many guests it is for.
   */
  async function fanOut(
    cardId: string,
    mail: GuestMail,
    tag: string,
    states: readonly GuestState[],
    text?: string,
  ): Promise<number> {
    const card = await invitationOf(cardId);
    if (!card) return 0;
    const guests = (await repository.listOf(card.id)).filter(
      (guest) => guest.email !== null && !guest.mailOptedOut && states.includes(guest.state),
    );
    await deps.database.db.transaction().execute(async (trx) => {
      for (const guest of guests) {
        await jobs.schedule(
          {
            kind: JOB.guestMail,
            key: `${JOB.guestMail}:${mail}:${tag}:${guest.id}`,
            runAt: now(),
            payload: {
              cardId,
              guestId: guest.id,
              mail,
              ...(text === undefined ? {} : { text }),
            } satisfies GuestMailJob,
          },
          trx,
        );
      }
    });
    return guests.length;
  }

  function whenOf(invitation: InvitationRecord, language: string, instant: Date): string {
    const format = new Intl.DateTimeFormat(language, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: invitation.timeZone,
    });
    return `${format.format(instant)} (${invitation.timeZone})`;
  }

  function messageFor(
    card: InvitationCard,
    guest: GuestRecord & { email: string },
    mail: GuestMail,
    /** The host's words, for a message. */
    text: string,
  ): MailMessage {
    const { invitation } = card;
    const url = `${origin}${guestLinkPath(guest.token)}`;
    const language = mailLanguageOf(card, guest);
    const common = {
      to: guest.email,
      language,
      name: guest.name,
      title: invitation.title,
      when: whenOf(invitation, language, invitation.startsAt),
      url,
      unsubscribeUrl: `${origin}${invitationsApi.unsubscribe(guest.token)}`,
    };
    if (mail === 'rsvp-reminder') {
      return {
        ...common,
        kind: mail,
        deadline: whenOf(invitation, language, repliesCloseAt(invitation)),
      };
    }
    if (mail === 'event-reminder') return { ...common, kind: mail, place: invitation.place };
    if (mail === 'host-message') return { ...common, kind: mail, sender: card.senderName, text };
    return {
      ...common,
      kind: mail,
      place: invitation.place,
      calendar: invitationCalendar(invitation, url, {
        method: 'REQUEST',
        attendee: { name: guest.name, email: guest.email },
        organizer: { name: card.senderName, email: deps.organizerEmail },
      }),
    };
  }

  /** Mails one guest, if the mail is still for them (an answer given since takes them off a reminder). */
  async function mailGuest(payload: GuestMailJob): Promise<void> {
    const card = await invitationOf(payload.cardId);
    const guest = card && (await repository.findOf(card.id, payload.guestId));
    if (!card || !guest || guest.email === null || guest.mailOptedOut) return;
    if (payload.mail !== 'host-message' && !RECIPIENTS[payload.mail].includes(guest.state)) return;
    try {
      await mailer.send(messageFor(card, { ...guest, email: guest.email }, payload.mail, payload.text ?? ''));
    } catch (error) {
      const refusal = permanentRefusal(error);
      if (refusal === null) throw error;
      await repository.recordBounce(guest.id, refusal);
      await deps.onBounce(card);
      throw new PermanentJobError(refusal);
    }
  }

  // The invitation and its guests are gone by now: the mail was written whole when it was scheduled.
  jobs.handle(JOB.cancelMail, async (payload) => {
    try {
      await mailer.send(payload as MailMessage);
    } catch (error) {
      const refusal = permanentRefusal(error);
      throw refusal === null ? error : new PermanentJobError(refusal);
    }
  });
  jobs.handle(JOB.rsvpReminder, async (payload) => {
    await fanOut(
      (payload as { cardId: string }).cardId,
      'rsvp-reminder',
      'once',
      RECIPIENTS['rsvp-reminder'],
    );
  });
  jobs.handle(JOB.dayBefore, async (payload) => {
    await fanOut(
      (payload as { cardId: string }).cardId,
      'event-reminder',
      'once',
      RECIPIENTS['event-reminder'],
    );
  });
  jobs.handle(JOB.changed, async (payload) => {
    const { cardId, sequence } = payload as { cardId: string; sequence: number };
    await fanOut(cardId, 'event-changed', String(sequence), RECIPIENTS['event-changed']);
  });
  jobs.handle(JOB.guestMail, (payload) => mailGuest(payload as GuestMailJob));

  return {
    /**
     * The host's message to the guests of an audience who have an address and did not opt out, one mail job
     * each; answers how many it goes to.
     */
    messageGuests(card: InvitationCard, audience: MessageAudience, text: string): Promise<number> {
      return fanOut(card.id, 'host-message', crypto.randomUUID(), MESSAGE_AUDIENCE_STATES[audience], text);
    },

    /**
     * The host deletes a paid invitation: everyone who answered (and has an address, and did not opt out) is
     * told it is called off, with a calendar CANCEL for the event they may have added. Each mail is written
     * whole now and scheduled in one transaction, before the guests go with the card.
     */
    async invitationDeleted(card: InvitationCard): Promise<void> {
      if (!card.isPaid) return;
      const { invitation } = card;
      const cancelled = {
        ...invitation,
        calendarSequence: invitation.calendarSequence + 1,
        changedAt: now(),
      };
      const guests = (await repository.listOf(card.id)).filter(
        (guest) => guest.email !== null && !guest.mailOptedOut && guest.state !== 'pending',
      );
      await deps.database.db.transaction().execute(async (trx) => {
        for (const guest of guests) {
          const language = mailLanguageOf(card, guest);
          const message: MailMessage = {
            kind: 'event-cancelled',
            to: guest.email!,
            language,
            name: guest.name,
            title: invitation.title,
            when: whenOf(invitation, language, invitation.startsAt),
            calendar: invitationCalendar(cancelled, `${origin}${guestLinkPath(guest.token)}`, {
              method: 'CANCEL',
              attendee: { name: guest.name, email: guest.email! },
              organizer: { name: card.senderName, email: deps.organizerEmail },
            }),
          };
          await jobs.schedule(
            {
              kind: JOB.cancelMail,
              key: `${JOB.cancelMail}:${card.id}:${guest.id}`,
              runAt: now(),
              payload: message,
            },
            trx,
          );
        }
      });
      for (const kind of [JOB.rsvpReminder, JOB.dayBefore]) await jobs.cancel(`${kind}:${card.id}`);
    },

    /**
     * Keeps the paid invitation's reminders at their times (moved when the host moves the event or its
     * deadline; none for a time already past), and — when its time or place changed — schedules the update
     * to the guests now.
     */
    async invitationSaved(card: InvitationCard, previous: InvitationRecord | null): Promise<void> {
      if (!card.isPaid) return;
      const { invitation } = card;
      const at = now().getTime();
      const reminders = [
        {
          kind: JOB.rsvpReminder,
          runAt: repliesCloseAt(invitation).getTime() - deps.reminderDaysBefore * DAY_MS,
        },
        { kind: JOB.dayBefore, runAt: invitation.startsAt.getTime() - DAY_MS },
      ];
      for (const reminder of reminders) {
        const key = `${reminder.kind}:${card.id}`;
        if (reminder.runAt > at) {
          await jobs.schedule({
            kind: reminder.kind,
            key,
            runAt: new Date(reminder.runAt),
            payload: { cardId: card.id },
          });
        } else {
          await jobs.cancel(key);
        }
      }
      const moved =
        previous !== null &&
        (previous.startsAt.getTime() !== invitation.startsAt.getTime() ||
          (previous.endsAt?.getTime() ?? null) !== (invitation.endsAt?.getTime() ?? null) ||
          previous.place !== invitation.place);
      if (moved) {
        await jobs.schedule({
          kind: JOB.changed,
          key: `${JOB.changed}:${card.id}:${invitation.calendarSequence}`,
          runAt: now(),
          payload: { cardId: card.id, sequence: invitation.calendarSequence },
        });
      }
    },
  };
}
