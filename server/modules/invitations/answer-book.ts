import type { Transaction } from 'kysely';
import { AppError } from '../../platform/http/app-error.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import type { DB } from '../../platform/db/schema.ts';
import { rsvpIssue, type RsvpValues } from '../../../shared/invitations/guests.contract.ts';
import type { CardRecord } from '../cards/cards.repository.ts';
import type { InvitationRecord } from '../cards/card-invitation.ts';
import {
  NO_ANSWER,
  type AnswerAuthor,
  type GuestAnswer,
  type GuestRecord,
  type GuestsRepository,
} from './guests.repository.ts';
import { plusOnesOf } from './guests.presenter.ts';
import { movingUp, placeForYes } from './seating.ts';

/** The topic of changes to an invitation's guest list: published with its owner's id once they commit. */
export const GUEST_LIST_CHANGED = 'guest-list';

export type InvitationCard = CardRecord & { invitation: InvitationRecord };
export type AnswerBook = ReturnType<typeof createAnswerBook>;

/**
 * The one writer of answers (DESIGN §1.20): each change of a list runs under the list's lock, so capacity and
 * the waitlist's order hold however many guests answer at once, on any instance; every change of an answer
 * is a row of its history; the waitlist moves up after any change that frees room. The host's page hears of
 * every change; guests who moved up are told.
 */
export function createAnswerBook(deps: {
  repository: GuestsRepository;
  notifications: Pick<Notifications, 'publish'>;
  now: () => Date;
  /** Told of the guests who moved up from the waitlist, once the change is committed. */
  onMovedUp: (card: InvitationCard, guests: GuestRecord[]) => void;
}) {
  const { repository, notifications, now, onMovedUp } = deps;

  /** Within the list's lock: moves the waitlist up as far as the room allows, each move a history row. */
  async function moveWaitlistUp(
    trx: Transaction<DB>,
    card: InvitationCard,
    at: Date,
  ): Promise<GuestRecord[]> {
    const capacity = card.invitation.capacity;
    const guests = await repository.seatsOf(card.id, trx);
    const moving = movingUp(guests, capacity);
    const moved: GuestRecord[] = [];
    for (const seat of moving) {
      const guest = guests.find((candidate) => candidate.id === seat.id)!;
      const answer: GuestAnswer = { ...guest, state: 'yes', waitlistedAt: null };
      await repository.saveAnswer(trx, guest.id, answer, 'waitlist', at);
      moved.push({ ...guest, ...answer });
    }
    return moved;
  }

  /** After the commit: the host's list hears of it, and those who moved up are told. */
  function announce(card: InvitationCard, moved: GuestRecord[] = []): void {
    if (card.userId !== null) notifications.publish(GUEST_LIST_CHANGED, card.userId);
    if (moved.length > 0) onMovedUp(card, moved);
  }

  return {
    /**
     * Sets the guest's answer (null: withdraws it), as the guest or the host. A yes beyond the capacity waits
     * in line; a guest already coming who asks for more room than is left keeps their answer (`no-room`).
     * Two answers for one guest at once both land, one after the other: the last one stands, both are in the
     * history. Answers the guest as it is after the change.
     */
    async answer(
      card: InvitationCard,
      known: GuestRecord,
      input: RsvpValues | null,
      by: Exclude<AnswerAuthor, 'waitlist'>,
    ): Promise<GuestRecord> {
      const capacity = card.invitation.capacity;
      const { result } = await repository.changeList(card.id, async (trx) => {
        const at = now();
        // With a capacity, the guest is read again under the lock: their seat and the waitlist's order are
        // decided from the answers as they stand. Without one, nothing is decided from the answer being
        // replaced (the history takes it from the guest's row as it writes the change).
        const guest = capacity === null ? known : await repository.findOf(card.id, known.id, trx);
        if (!guest) throw new AppError('card-not-found');
        let answer: GuestAnswer;
        if (input === null) {
          answer = { ...NO_ANSWER };
        } else {
          const details = {
            plusOneNames: input.plusOneNames,
            answers: input.answers,
            note: input.note,
            answeredAt: at,
            answeredBy: by,
          };
          if (input.status === 'yes') {
            // Without a capacity every yes comes: nobody else's seat matters.
            const seats = capacity === null ? [] : await repository.seatsOf(card.id, trx);
            const others = seats.filter((seat) => seat.id !== guest.id);
            const place = placeForYes(guest, input.headcount, others, capacity, at);
            if (place === 'no-room') throw new AppError('no-room');
            answer = { ...details, ...place, headcount: input.headcount };
          } else {
            const headcount = input.status === 'no' ? 0 : input.headcount;
            answer = { ...details, state: input.status, headcount, waitlistedAt: null };
          }
        }
        if (!(await repository.saveAnswer(trx, guest.id, answer, by, at)))
          throw new AppError('card-not-found');
        const freedRoom =
          capacity !== null &&
          ((guest.state === 'yes' && (answer.state !== 'yes' || answer.headcount < guest.headcount)) ||
            guest.state === 'waitlisted');
        const moved = freedRoom ? await moveWaitlistUp(trx, card, at) : [];
        const updated = moved.find((candidate) => candidate.id === guest.id) ?? { ...guest, ...answer };
        return { updated, moved: moved.filter((candidate) => candidate.id !== guest.id) };
      });
      announce(card, result.moved);
      return result.updated;
    },

    /** Removes a guest (their link stops working); the room they held goes to the waitlist. */
    async remove(card: InvitationCard, guestId: string): Promise<void> {
      const { result } = await repository.changeList(card.id, async (trx) => {
        const guest = await repository.findOf(card.id, guestId, trx);
        if (!guest || !(await repository.remove(trx, card.id, guestId))) throw new AppError('not-found');
        return guest.state === 'yes' || guest.state === 'waitlisted' ? moveWaitlistUp(trx, card, now()) : [];
      });
      announce(card, result);
    },

    /** Adds guests under the list's lock: `check` sees the list's size and keys first, and may refuse. */
    async add(
      card: InvitationCard,
      guests: GuestRecord[],
      check: (existing: GuestRecord[]) => void,
    ): Promise<void> {
      await repository.changeList(card.id, async (trx) => {
        check(await repository.listOf(card.id, trx));
        await repository.insert(trx, guests);
      });
      announce(card);
    },

    /**
     * The guest a device becomes by answering through the open group link: the one it became before, under
     * the name it gives now, else a new guest (`guest`) within the invitation's guest limit. Under the list's
     * lock, so a device answering twice at once becomes one guest.
     */
    async guestOfDevice(card: InvitationCard, guest: GuestRecord, limit: number): Promise<GuestRecord> {
      const { result } = await repository.changeList(card.id, async (trx) => {
        const known = await repository.findByDevice(card.id, guest.deviceId!, trx);
        if (known) {
          if (known.name !== guest.name) await repository.rename(known.id, guest.name, trx);
          return { ...known, name: guest.name };
        }
        if ((await repository.countOf(trx, card.id)) >= limit) throw new AppError('guest-limit-reached');
        await repository.insert(trx, [guest]);
        return guest;
      });
      announce(card);
      return result;
    },

    /** After the host changed the capacity: the waitlist moves up as far as the new room allows. */
    async capacityChanged(card: InvitationCard): Promise<void> {
      const { result } = await repository.changeList(card.id, (trx) => moveWaitlistUp(trx, card, now()));
      announce(card, result);
    },

    /** Something the host's list shows changed outside an answer (a mail bounced): it reads the list again. */
    async touched(card: InvitationCard): Promise<void> {
      await repository.changeList(card.id, async () => undefined);
      announce(card);
    },

    /** A guest opened their link for the first time: the host's list shows when. */
    async opened(card: InvitationCard, guest: GuestRecord): Promise<void> {
      if (!(await repository.markOpened(guest.id, now()))) return;
      await repository.changeList(card.id, async () => undefined);
      announce(card);
    },
  };
}

/** The checks of an answer that need the invitation (the shared `rsvpIssue`), as a validation error. */
export function assertAnswerFits(input: RsvpValues, card: InvitationCard, guest: GuestRecord): void {
  const issue = rsvpIssue(input, card.invitation, plusOnesOf(guest, card.invitation));
  if (issue) throw new AppError('validation-failed', undefined, [issue]);
}
