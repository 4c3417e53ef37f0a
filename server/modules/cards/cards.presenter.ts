import type { Card, PublicCard } from '../../../shared/cards/cards.contract.ts';
import type { Reveal, SealedCard } from '../../../shared/cards/reveal.contract.ts';
import { localOf } from '../../../shared/time/zoned-time.ts';
import type { CardRecord } from './cards.repository.ts';
import { voiceApi } from '../../../shared/api-paths.ts';
import { presentInvitation, presentPublicInvitation } from './card-invitation.ts';

const clipUrl = (clipId: string | null) => (clipId === null ? null : voiceApi.clip(clipId));

/**
 * The card for its owner. Fields are picked one by one: owner ids (userId, authorId, guestSessionId), the
 * storage path and the transfer time stay on the server.
 */
export function presentCard(card: CardRecord): Card {
  return {
    id: card.id,
    templateId: card.templateId,
    templateImageUrl: card.templateImageUrl,
    senderName: card.senderName,
    name: card.name,
    recipientName: card.recipientName,
    message: card.message,
    title: card.title,
    selectedVoice: card.selectedVoice,
    textStyles: { ...card.textStyles },
    language: card.language,
    readMessageAloud: card.readMessageAloud,
    greetingAudioUrl: clipUrl(card.greetingClipId),
    messageAudioUrl: clipUrl(card.messageClipId),
    recipientImageUrl: card.recipientImageUrl,
    videoUrl: card.videoUrl,
    audioUrl: card.audioUrl,
    isGuestCard: card.isGuestCard,
    isPaid: card.isPaid,
    isPublic: card.isPublic,
    viewLimit: card.viewLimit,
    notifyOnOpen: card.notifyOnOpen,
    faceOpening: card.faceOpening,
    invitation: card.invitation && presentInvitation(card.invitation, card.guestLimit),
    reveal: presentReveal(card),
    createdAt: card.createdAt.toISOString(),
    lastModified: card.lastModified.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
    viewCount: card.viewCount,
  };
}

/**
 * The card for anyone holding its share link (the recipient page, DESIGN §1.5): only what the card shows.
 * Fields are picked one by one, so owner ids, guest session, payment state, counters and timestamps can never
 * ride along when the stored card grows.
 */
export function presentPublicCard(card: CardRecord): PublicCard {
  return {
    id: card.id,
    templateImageUrl: card.templateImageUrl,
    title: card.title,
    senderName: card.senderName,
    recipientName: card.recipientName,
    message: card.message,
    selectedVoice: card.selectedVoice,
    textStyles: { ...card.textStyles },
    language: card.language,
    greetingAudioUrl: clipUrl(card.greetingClipId),
    messageAudioUrl: clipUrl(card.messageClipId),
    recipientImageUrl: card.recipientImageUrl,
    videoUrl: card.videoUrl,
    audioUrl: card.audioUrl,
    faceOpening: card.faceOpening && card.recipientImageUrl !== null,
    invitation: card.invitation && presentPublicInvitation(card.invitation),
  };
}

/** The card's scheduled reveal as its owner sees it; null when it has none. */
export function presentReveal(card: Pick<CardRecord, 'revealAt' | 'revealTimeZone'>): Reveal | null {
  if (card.revealAt === null || card.revealTimeZone === null) return null;
  return {
    revealAt: card.revealAt.toISOString(),
    timeZone: card.revealTimeZone,
    localTime: localOf(card.revealAt, card.revealTimeZone),
  };
}

/**
 * A sealed card for anyone holding its link (DESIGN §1.22): the cover, the names and when it opens. Picked one
 * by one like the public card, so the message, media, greeting and event never ride along.
 */
export function presentSealedCard(card: CardRecord & { revealAt: Date }): SealedCard {
  return {
    sealed: true,
    id: card.id,
    templateImageUrl: card.templateImageUrl,
    senderName: card.senderName,
    recipientName: card.recipientName,
    language: card.language,
    isInvitation: card.invitation !== null,
    revealAt: card.revealAt.toISOString(),
    timeZone: card.revealTimeZone ?? 'UTC',
  };
}
