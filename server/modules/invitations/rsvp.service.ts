import { isSealed, type SealedCard } from '../../../shared/cards/reveal.contract.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { voiceApi } from '../../../shared/api-paths.ts';
import crypto from 'node:crypto';
import type {
  GuestInvitation,
  OpenRsvpResponse,
  OpenRsvpValues,
  RsvpValues,
} from '../../../shared/invitations/guests.contract.ts';
import { DEFAULT_LANGUAGE, textDirection, type Language } from '../../../shared/i18n/languages.ts';
import { guestLimitOf } from '../../../shared/payments/plans.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';
import { translatorFor } from '../../platform/i18n/translator.ts';
import { canBeCardId } from '../cards/card-access.ts';
import type { VoiceService } from '../voice/voice.service.ts';
import type { SharedCards } from '../cards/cards.module.ts';
import { presentPublicCard, presentSealedCard } from '../cards/cards.presenter.ts';
import { assertAnswerFits, type AnswerBook, type InvitationCard } from './answer-book.ts';
import { guestLinkPath, mailLanguageOf, plusOnesOf, presentRsvp } from './guests.presenter.ts';
import { NO_ANSWER, newGuestToken, type GuestRecord, type GuestsRepository } from './guests.repository.ts';

/** Guest tokens are 22 base64url characters; anything else is never looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export type RsvpService = ReturnType<typeof createRsvpService>;

/** A small page of its own, in the guest's language, that works without the app's script. */
function unsubscribePage(
  language: Language,
  title: string | null,
  action: string | null,
  done = false,
): string {
  const t = translatorFor(language);
  const body =
    title === null
      ? `<p>${escapeHtml(t('mail.unsubscribe.unknown'))}</p>`
      : done
        ? `<p>${escapeHtml(t('mail.unsubscribe.done', { title }))}</p>`
        : `<p>${escapeHtml(t('mail.unsubscribe.ask', { title }))}</p><form method="post" action="${escapeHtml(
            action ?? '',
          )}"><button type="submit">${escapeHtml(t('mail.unsubscribe.button'))}</button></form>`;
  const heading = title === null ? 'Winc' : t('mail.unsubscribe.title', { title });
  return `<!doctype html>
<html lang="${language}" dir="${textDirection(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(heading)}</title>
</head>
<body><h1>${escapeHtml(heading)}</h1>${body}</body>
</html>
`;
}

/** When answers close: the deadline the host set, else the event's start. */
const repliesCloseAt = (card: InvitationCard) => card.invitation.rsvpBy ?? card.invitation.startsAt;

/** What a guest's own link leads to: their paid invitation, an invitation not paid yet, or no guest. */
export type GuestLink =
  | { state: 'open'; card: InvitationCard; guest: GuestRecord }
  | { state: 'sealed'; card: InvitationCard & { revealAt: Date }; guest: GuestRecord }
  | { state: 'not-ready' }
  | { state: 'unknown' };

/**
 * A guest's side of an invitation (DESIGN §1.20): their own link opens it, greeted by name, and takes their
 * answer without an account, which they may change or withdraw until replies close. A removed guest's link
 * and an unknown token answer like an unknown card (`card-not-found`), an unpaid invitation's guest's like an
 * unpaid card (`card-not-ready`).
 */
export function createRsvpService(deps: {
  cards: SharedCards;
  repository: GuestsRepository;
  answers: AnswerBook;
  voice: Pick<VoiceService, 'clipsForCard'>;
  /** The plan of the invitation's owner now: its voice greets the guests who answer through the open link. */
  ownerTierOf: (card: InvitationCard) => Promise<string | null>;
  now: () => Date;
}) {
  const { cards, repository, answers, voice, ownerTierOf, now } = deps;

  async function linkOf(token: string): Promise<GuestLink> {
    const guest = TOKEN_PATTERN.test(token) ? await repository.findByToken(token) : undefined;
    if (!guest) return { state: 'unknown' };
    const card = await cards.find(guest.cardId);
    if (!card?.invitation) return { state: 'not-ready' };
    // Before its reveal an invitation tells its guests nothing of the event (DESIGN §1.22).
    if (card.revealAt && isSealed(card, now())) {
      return { state: 'sealed', card: { ...(card as InvitationCard), revealAt: card.revealAt }, guest };
    }
    return { state: 'open', card: card as InvitationCard, guest };
  }

  async function guestOfLink(token: string): Promise<{ card: InvitationCard; guest: GuestRecord } | null> {
    const link = await linkOf(token);
    return link.state === 'open' ? link : null;
  }

  async function guestOf(token: string): Promise<{ card: InvitationCard; guest: GuestRecord }> {
    const link = await linkOf(token);
    if (link.state === 'open') return link;
    throw new AppError(link.state === 'unknown' ? 'card-not-found' : 'card-not-ready');
  }

  async function present(card: InvitationCard, guest: GuestRecord): Promise<GuestInvitation> {
    // The others' seats matter for a place in line and for the names of those coming, when shown.
    const needsSeats = guest.state === 'waitlisted' || card.invitation.showGuestList;
    const seats = needsSeats ? await repository.seatsOf(card.id) : [guest];
    const closeAt = repliesCloseAt(card);
    const coming = card.invitation.showGuestList
      ? seats
          .filter((seat) => seat.state === 'yes')
          .sort((a, b) => (a.answeredAt?.getTime() ?? 0) - (b.answeredAt?.getTime() ?? 0))
          .map((seat) => seat.name)
      : null;
    return {
      card: {
        ...presentPublicCard(card),
        recipientName: guest.name,
        greetingAudioUrl: guest.greetingClipId === null ? null : voiceApi.clip(guest.greetingClipId),
      },
      guest: {
        name: guest.name,
        maxPlusOnes: plusOnesOf(guest, card.invitation),
        language: mailLanguageOf(card, guest),
      },
      rsvp: presentRsvp(guest, seats),
      repliesCloseAt: closeAt.toISOString(),
      repliesClosed: now().getTime() > closeAt.getTime(),
      coming,
    };
  }

  function assertRepliesOpen(card: InvitationCard): void {
    if (now().getTime() > repliesCloseAt(card).getTime()) throw new AppError('replies-closed');
  }

  return {
    /**
     * The paid invitation and the guest a link names, or null (an unknown token, a removed guest, an invitation
     * not paid yet); nothing is marked opened.
     */
    guestOfLink,

    /** What a guest's link leads to: their invitation, one not paid yet, or nothing (unknown, removed). */
    linkOf,

    /**
     * The guest's page: the invitation greeting them, their answer; the host sees that it was opened. Before
     * its reveal only the sealed cover greeting them by name and when it opens, and the link is not opened.
     */
    async openInvitation(token: string): Promise<GuestInvitation | SealedCard> {
      const link = await linkOf(token);
      if (link.state === 'sealed') return { ...presentSealedCard(link.card), recipientName: link.guest.name };
      const { card, guest } = await guestOf(token);
      await answers.opened(card, guest);
      return present(card, guest);
    },

    /** The guest answers, or changes their answer, before replies close. */
    async answer(token: string, input: RsvpValues): Promise<GuestInvitation> {
      const { card, guest } = await guestOf(token);
      assertRepliesOpen(card);
      assertAnswerFits(input, card, guest);
      return present(card, await answers.answer(card, guest, input, 'guest'));
    },

    /**
     * An answer through the open group link (DESIGN §1.20): the device becomes a guest of its own — counted in
     * the guest limit, greeted by the name it gives, with a link of its own — or, having answered before,
     * changes that guest's answer. Answers that guest's link and their invitation.
     */
    async openAnswer(cardId: string, deviceId: string, input: OpenRsvpValues): Promise<OpenRsvpResponse> {
      const card = canBeCardId(cardId) ? await cards.find(cardId) : undefined;
      if (!card?.invitation || isSealed(card, now())) throw new AppError('card-not-ready');
      const invitation = card as InvitationCard;
      assertRepliesOpen(invitation);
      const at = now();
      const { name, ...answer } = input;
      const candidate: GuestRecord = {
        ...NO_ANSWER,
        id: crypto.randomBytes(12).toString('base64url'),
        cardId: card.id,
        token: newGuestToken(),
        name,
        email: null,
        maxPlusOnes: null,
        addedBy: 'open-link',
        deviceId,
        createdAt: at,
        openedAt: at,
        mailOptedOut: false,
        mailBounce: null,
        language: null,
        greetingClipId: (
          await voice.clipsForCard({ ...card, recipientName: name }, await ownerTierOf(invitation))
        ).greetingClipId,
      };
      assertAnswerFits(answer, invitation, candidate);
      const guest = await answers.guestOfDevice(
        invitation,
        candidate,
        card.guestLimit ?? guestLimitOf('free'),
      );
      const updated = await answers.answer(invitation, guest, answer, 'guest');
      return { linkPath: guestLinkPath(guest.token), invitation: await present(invitation, updated) };
    },

    /**
     * The language of the guest's mails, chosen on their page whatever their answer and even once replies
     * close (the day-before reminder and the changes still come). The invitation's language is kept as none
     * chosen, so the guest's mails follow the invitation if the host changes its language.
     */
    async chooseLanguage(token: string, language: Language): Promise<GuestInvitation> {
      const { card, guest } = await guestOf(token);
      const chosen = language === card.language ? null : language;
      await repository.setLanguage(guest.id, chosen);
      return present(card, { ...guest, language: chosen });
    },

    /** The page a guest's unsubscribe link opens, in their language: it asks before it stops anything. */
    async unsubscribePage(token: string, action: string): Promise<string> {
      const found = await guestOf(token).catch(() => null);
      if (!found) return unsubscribePage(DEFAULT_LANGUAGE, null, null);
      return unsubscribePage(mailLanguageOf(found.card, found.guest), found.card.invitation.title, action);
    },

    /** Stops this invitation's mails to the guest (the one-click POST of RFC 8058, or the page's button). */
    async unsubscribe(token: string): Promise<string> {
      const found = await guestOf(token).catch(() => null);
      if (!found) return unsubscribePage(DEFAULT_LANGUAGE, null, null);
      await repository.optOutOfMail(found.guest.id, now());
      // The host's list says who no longer gets the invitation's mails.
      await answers.touched(found.card);
      return unsubscribePage(
        mailLanguageOf(found.card, found.guest),
        found.card.invitation.title,
        null,
        true,
      );
    },

    /** The guest takes their answer back, before replies close. */
    async withdraw(token: string): Promise<GuestInvitation> {
      const { card, guest } = await guestOf(token);
      assertRepliesOpen(card);
      return present(card, await answers.answer(card, guest, null, 'guest'));
    },
  };
}
