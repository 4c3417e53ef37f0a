import crypto from 'node:crypto';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limit.ts';
import type { InvitationMails } from './invitation-mails.ts';
import { guestLimitOf } from '../../../shared/payments/plans.ts';
import {
  type GuestList,
  type MessageGuestsValues,
  type GuestValues,
  type HostGuest,
  type RsvpValues,
} from '../../../shared/invitations/guests.contract.ts';
import type { OwnedCards } from '../cards/cards.module.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { VoiceService } from '../voice/voice.service.ts';
import { assertAnswerFits, type AnswerBook, type InvitationCard } from './answer-book.ts';
import { decodeGuestList, guestKey, readGuestList } from './guest-import.ts';
import { guestListCsv } from './guest-export.ts';
import { guestLinkPath, presentHostGuest, totalsOf } from './guests.presenter.ts';
import { NO_ANSWER, newGuestToken, type GuestRecord, type GuestsRepository } from './guests.repository.ts';

export type GuestListService = ReturnType<typeof createGuestListService>;

/** A host mails their guests at most this often: a message is for news, not for a stream. */
const GUEST_MESSAGE_LIMIT = { limit: 10, windowMs: 24 * 60 * 60 * 1000 } satisfies RateLimitRule;

/** The guest limit of an invitation: its plan's at payment, before it the owner's plan's now (DESIGN §1.20). */
const guestLimitFor = (actor: CardActor, card: InvitationCard) =>
  card.guestLimit ?? guestLimitOf(actor.tier ?? 'free');

/** The host's side of an invitation's guests (DESIGN §1.20): the list, adding and removing, offline answers. */
export function createGuestListService(deps: {
  cards: OwnedCards;
  repository: GuestsRepository;
  answers: AnswerBook;
  voice: Pick<VoiceService, 'clipsForCard'>;
  /** Makes guests' greetings ready before their links are opened (in the background). */
  greetings: { prepare(clipIds: ReadonlyArray<string | null>): void };
  now: () => Date;
  /** The app's public origin, for guests' links in an export. */
  origin: string;
  mails: Pick<InvitationMails, 'messageGuests'>;
  rateLimiter: Pick<RateLimiter, 'consume'>;
}) {
  const { cards, repository, answers, voice, greetings, now, origin, mails, rateLimiter } = deps;

  /** The actor's invitation; a greeting card has no guests, and answers like an unknown card. */
  async function invitationOf(actor: CardActor, cardId: string): Promise<InvitationCard> {
    const card = await cards.find(actor, cardId);
    if (!card.invitation) throw new AppError('card-not-found');
    return card as InvitationCard;
  }

  /** New guest records: each with their own link and their own greeting by name. */
  async function newGuests(
    actor: CardActor,
    card: InvitationCard,
    inputs: GuestValues[],
  ): Promise<GuestRecord[]> {
    const at = now();
    return Promise.all(
      inputs.map(async (input, index) => ({
        ...NO_ANSWER,
        id: crypto.randomBytes(12).toString('base64url'),
        cardId: card.id,
        token: newGuestToken(),
        name: input.name,
        email: input.email,
        maxPlusOnes: input.maxPlusOnes,
        addedBy: 'host' as const,
        deviceId: null,
        // A millisecond apart: the list keeps the order of the rows.
        createdAt: new Date(at.getTime() + index),
        openedAt: null,
        mailOptedOut: false,
        mailBounce: null,
        language: null,
        greetingClipId: (await voice.clipsForCard({ ...card, recipientName: input.name }, actor.tier))
          .greetingClipId,
      })),
    );
  }

  /** Adds the guests all at once or none: within the plan's limit, none twice (by email, else by name). */
  async function addAll(
    actor: CardActor,
    card: InvitationCard,
    inputs: Array<GuestValues & { line?: number }>,
  ): Promise<void> {
    const limit = guestLimitFor(actor, card);
    const records = await newGuests(actor, card, inputs);
    await answers.add(card, records, (existing) => {
      const known = new Set(existing.map(guestKey));
      const duplicates = inputs
        .map((input, index) => ({ line: input.line ?? index + 1, key: guestKey(input) }))
        .filter(
          (row, index, rows) =>
            known.has(row.key) || rows.findIndex((other) => other.key === row.key) < index,
        );
      if (duplicates.length > 0) {
        throw new AppError(
          'guest-list-invalid',
          undefined,
          duplicates.map((row) => ({ line: row.line, message: 'duplicate' })),
        );
      }
      if (existing.length + inputs.length > limit) {
        throw new AppError('guest-limit-reached', undefined, { limit, guests: existing.length });
      }
    });
    if (card.isPaid) greetings.prepare(records.map((record) => record.greetingClipId));
  }

  return {
    /** The host's list with its totals (SPEC-less, DESIGN §1.20), in the order guests were added. */
    async listFor(actor: CardActor, cardId: string): Promise<GuestList> {
      const card = await invitationOf(actor, cardId);
      const version = await repository.versionOf(card.id);
      const guests = await repository.listOf(card.id);
      return {
        guests: guests.map((guest) => presentHostGuest(guest, guests, card.invitation)),
        totals: totalsOf(guests),
        guestLimit: guestLimitFor(actor, card),
        version,
      };
    },

    /** Guests added by hand, one or several. */
    async addGuests(actor: CardActor, cardId: string, inputs: GuestValues[]): Promise<GuestList> {
      const card = await invitationOf(actor, cardId);
      await addAll(actor, card, inputs);
      return this.listFor(actor, cardId);
    },

    /**
     * A pasted list or an uploaded CSV file: every row good or nothing added, the refused rows by line. A file
     * that is not UTF-8 (or UTF-16 with its BOM) is refused as a whole.
     */
    async importGuests(actor: CardActor, cardId: string, bytes: Uint8Array): Promise<GuestList> {
      const card = await invitationOf(actor, cardId);
      const text = decodeGuestList(bytes);
      if (text === null)
        throw new AppError('guest-list-invalid', undefined, [{ line: 0, message: 'not-utf8' }]);
      const existing = await repository.listOf(card.id);
      const read = readGuestList(text, new Set(existing.map(guestKey)));
      if ('issues' in read) throw new AppError('guest-list-invalid', undefined, read.issues);
      if (read.guests.length === 0)
        throw new AppError('guest-list-invalid', undefined, [{ line: 0, message: 'empty' }]);
      await addAll(actor, card, read.guests);
      return this.listFor(actor, cardId);
    },

    /** The list as a CSV file in the host's language, named after the event. */
    async exportCsv(actor: CardActor, cardId: string): Promise<{ title: string; csv: string }> {
      const card = await invitationOf(actor, cardId);
      const guests = await repository.listOf(card.id);
      const csv = guestListCsv(guests, card.invitation, {
        language: actor.uiLanguage,
        linkOf: (guest) => `${origin}${guestLinkPath(guest.token)}`,
      });
      return { title: card.invitation.title, csv };
    },

    /**
     * The host's message to their guests (all, not answered, coming, maybe), by email to those with an
     * address; the invitation must be paid (its links work). At most 10 a day per invitation.
     */
    async messageGuests(actor: CardActor, cardId: string, request: MessageGuestsValues): Promise<number> {
      const card = await invitationOf(actor, cardId);
      if (!card.isPaid) throw new AppError('card-not-ready');
      await rateLimiter.consume(`invitations:message:${card.id}`, GUEST_MESSAGE_LIMIT);
      return mails.messageGuests(card, request.audience, request.text);
    },

    /** Removes a guest: their link stops working at once, their room goes to the waitlist. */
    async removeGuest(actor: CardActor, cardId: string, guestId: string): Promise<void> {
      await answers.remove(await invitationOf(actor, cardId), guestId);
    },

    /** An answer the guest gave the host in person: recorded as the host's, whatever the deadline. */
    async recordAnswer(
      actor: CardActor,
      cardId: string,
      guestId: string,
      input: RsvpValues | null,
    ): Promise<HostGuest> {
      const card = await invitationOf(actor, cardId);
      const current = await repository.findOf(card.id, guestId);
      if (!current) throw new AppError('not-found');
      if (input !== null) assertAnswerFits(input, card, current);
      const updated = await answers.answer(card, current, input, 'host');
      const seats = await repository.seatsOf(card.id);
      return presentHostGuest(updated, seats, card.invitation);
    },
  };
}
