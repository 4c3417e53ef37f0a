import crypto from 'node:crypto';
import type {
  Card,
  CardInputValues,
  UnlockCardResponse,
  TextStyles,
} from '../../../shared/cards/cards.contract.ts';
import type { TemplateSummary } from '../../../shared/catalog/catalog.contract.ts';
import { templatePictures } from '../../../shared/catalog/catalog.rules.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { CREDITS_CHANGED } from '../credits/credit-events.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limit.ts';
import { canBeCardId, loadCardFor } from './card-access.ts';
import {
  canDeleteCard,
  canReadCard,
  canUpdateCard,
  canUseCardLanguage,
  type CardActor,
} from './cards.policy.ts';
import type { CardFiles } from './card-files.ts';
import { presentCard } from './cards.presenter.ts';
import { invitationFromInput, type InvitationRecord } from './card-invitation.ts';
import { startIssue } from '../../../shared/invitations/invitation.contract.ts';
import type { CardUnlockRepository } from './card-unlock.repository.ts';
import type { CardContent, CardRecord, CardsRepository } from './cards.repository.ts';
import type { VoiceService } from '../voice/voice.service.ts';
import {
  CARD_UNLOCK_COST,
  TEXT_STYLE_DEFAULTS,
  validateCardDraft,
} from '../../../shared/cards/card-rules.ts';

const HOUR = 60 * 60 * 1000;

/** Card creation limits (docs/decisions/0005-cards.md), counted in the database across instances. */
export const CARD_RATE_LIMITS = {
  createPerIp: { limit: 60, windowMs: HOUR },
  createPerOwner: { limit: 60, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export type CardsService = ReturnType<typeof createCardsService>;

/** SPEC §5's checks on the merged draft; the first failure is the answer, with its stable code. */
function assertComplete(content: CardContent): void {
  const failed = validateCardDraft(content);
  if (failed) {
    throw new AppError('validation-failed', failed.message, [{ path: failed.field, message: failed.code }]);
  }
}

/**
 * The event to keep (DESIGN §1.20): the saved one when the input leaves it out, none when it asks for a
 * greeting card, else the host's, whose start must be in the future unless it is the saved start.
 */
function invitationToSave(
  input: CardInputValues['invitation'],
  saved: InvitationRecord | null,
  at: Date,
): InvitationRecord | null {
  if (input === undefined) return saved;
  if (input === null) return null;
  const issue = startIssue(input, saved?.startsAt ?? null, at);
  if (issue) {
    throw new AppError('validation-failed', 'The event must start in the future.', [
      { path: 'invitation.startsAt', message: issue },
    ]);
  }
  return invitationFromInput(input, saved, at);
}

/** Only the style fields that were sent override the base (defaults on create, saved styles on update). */
function mergeTextStyles(base: TextStyles, changes: CardInputValues['textStyles']): TextStyles {
  return {
    fontFamily: changes?.fontFamily ?? base.fontFamily,
    fontSize: changes?.fontSize ?? base.fontSize,
    color: changes?.color ?? base.color,
  };
}

export function createCardsService(deps: {
  repository: CardsRepository;
  unlocks: CardUnlockRepository;
  templates: { getTemplate(id: string): Promise<TemplateSummary> };
  voice: Pick<VoiceService, 'clipsForCard' | 'prepare'>;
  files: Pick<CardFiles, 'removeFilesOf'>;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  now: () => Date;
  /** Tells the owner's open pages, on every instance, of the balance an unlock spent. */
  notifications?: Pick<Notifications, 'publish'>;
  metrics?: Pick<Metrics, 'counter'>;
  /** Told of a card just paid (not of a repeated unlock); it must not throw. */
  onPaid?: (card: CardRecord) => void;
  /** Told of a card about to be deleted by its owner, while what hangs on it is still there. */
  beforeDelete?: (card: CardRecord) => Promise<void>;
  /** Told of an edited card, as saved and as it was before; the edit answers once it is done. */
  onSaved?: (card: CardRecord, before: CardRecord) => Promise<void>;
}) {
  const { repository, unlocks, templates, voice, files, rateLimiter, now } = deps;
  const unlocked = deps.metrics?.counter(
    'winc_card_unlocks_total',
    'Cards unlocked with credits (each card is charged once; a repeated unlock is not counted).',
  );

  const load = (actor: CardActor, id: string, allowed: (actor: CardActor, card: CardRecord) => boolean) =>
    loadCardFor(repository, actor, id, allowed);

  /** A card in another language than the sender's screen comes with Plus and Premium (DESIGN §1.18). */
  function assertLanguageAllowed(actor: CardActor, language: CardContent['language']): void {
    if (!canUseCardLanguage(actor, language)) throw new AppError('plan-required');
  }

  /**
   * The template a card is made from; it must exist and be listable (`template-not-found` otherwise). The
   * card's cover is the one lettered in the card's language when the template has it.
   */
  async function templateLink(templateId: string, language: CardContent['language']) {
    const template = await templates.getTemplate(templateId);
    const { coverUrl } = templatePictures(template, language);
    return { templateId: template.id, templateImageUrl: coverUrl, title: template.name };
  }

  /**
   * The cover of a card whose language changed: its template's cover in the new language. A template no
   * longer listed keeps the cover the card has.
   */
  async function relettered(card: CardRecord, language: CardContent['language']) {
    if (card.templateId === null) return {};
    try {
      return await templateLink(card.templateId, language);
    } catch (error) {
      if (error instanceof AppError && error.code === 'template-not-found') return {};
      throw error;
    }
  }

  return {
    /**
     * Saves a new card from the create modal (SPEC §4 card lifecycle): SPEC §5's checks, a listable template
     * (its cover becomes the card's template image), unpaid and private, no views. A guest's card carries the
     * guest session and `isGuestCard` until the account takes it over; a user's card is theirs as user and
     * author. The id is 128 random bits, URL-safe (DESIGN §1.4).
     */
    async createCard(actor: CardActor, input: CardInputValues): Promise<Card> {
      const owner = actor.userId ?? actor.guestSessionId;
      if (owner === null) throw new AppError('unauthenticated');
      await rateLimiter.consume(`cards:create:ip:${actor.ip}`, CARD_RATE_LIMITS.createPerIp);
      await rateLimiter.consume(`cards:create:owner:${owner}`, CARD_RATE_LIMITS.createPerOwner);

      const recipientName = input.recipientName ?? '';
      const draft: CardContent = {
        templateId: input.templateId ?? null,
        templateImageUrl: null,
        title: '',
        senderName: input.senderName ?? '',
        name: recipientName,
        recipientName,
        message: input.message ?? '',
        selectedVoice: input.selectedVoice ?? null,
        textStyles: mergeTextStyles(TEXT_STYLE_DEFAULTS, input.textStyles),
        language: input.language ?? actor.uiLanguage,
        readMessageAloud: input.readMessageAloud ?? false,
        greetingClipId: null,
        messageClipId: null,
        notifyOnOpen: input.notifyOnOpen ?? false,
        faceOpening: input.faceOpening ?? true,
        invitation: null,
      };
      assertComplete(draft);
      assertLanguageAllowed(actor, draft.language);
      const at = now();
      draft.invitation = invitationToSave(input.invitation, null, at);
      const card: CardRecord = {
        ...draft,
        ...(await voice.clipsForCard(draft, actor.tier)),
        ...(await templateLink(draft.templateId!, draft.language)),
        id: crypto.randomBytes(16).toString('base64url'),
        userId: actor.userId,
        authorId: actor.userId,
        isGuestCard: actor.userId === null,
        guestSessionId: actor.userId === null ? actor.guestSessionId : null,
        transferredAt: null,
        createdAt: at,
        lastModified: at,
        updatedAt: at,
        viewCount: 0,
        isPublic: false,
        isPaid: false,
        mediaUrls: [],
        recipientImagePath: null,
        recipientImageUrl: null,
        videoPath: null,
        videoUrl: null,
        audioPath: null,
        audioUrl: null,
        viewLimit: null,
        viewLimitReachedAt: null,
        viewLimitRaisedAt: null,
        revealAt: null,
        revealTimeZone: null,
        guestLimit: null,
      };
      await repository.insert(card);
      return presentCard(card);
    },

    /** The owner's card, for the editor and the overview. */
    async getCard(actor: CardActor, id: string): Promise<Card> {
      return presentCard(await load(actor, id, canReadCard));
    },

    /**
     * Edits a card (SPEC §4: "if a card id already exists the card is updated"). Partial: fields left out keep
     * their saved values, text styles merge field by field; the merged card must still pass SPEC §5's checks.
     * A changed template must be listable. createdAt, viewCount, isPaid, isPublic and the owner never change
     * here; lastModified and updatedAt do.
     */
    async updateCard(actor: CardActor, id: string, input: CardInputValues): Promise<Card> {
      const card = await load(actor, id, canUpdateCard);
      const recipientName = input.recipientName ?? card.recipientName;
      const content: CardContent = {
        templateId: input.templateId === undefined ? card.templateId : input.templateId,
        templateImageUrl: card.templateImageUrl,
        title: card.title,
        senderName: input.senderName ?? card.senderName,
        name: recipientName,
        recipientName,
        message: input.message ?? card.message,
        selectedVoice: input.selectedVoice === undefined ? card.selectedVoice : input.selectedVoice,
        textStyles: mergeTextStyles(card.textStyles, input.textStyles),
        language: input.language ?? card.language,
        readMessageAloud: input.readMessageAloud ?? card.readMessageAloud,
        greetingClipId: card.greetingClipId,
        messageClipId: card.messageClipId,
        notifyOnOpen: input.notifyOnOpen ?? card.notifyOnOpen,
        faceOpening: input.faceOpening ?? card.faceOpening,
        invitation: invitationToSave(input.invitation, card.invitation, now()),
      };
      assertComplete(content);
      // A card keeps the language it has; only a change to another one is a plan's feature.
      if (content.language !== card.language) assertLanguageAllowed(actor, content.language);
      const changed =
        content.templateId !== card.templateId
          ? await templateLink(content.templateId!, content.language)
          : content.language !== card.language
            ? await relettered(card, content.language)
            : {};
      const at = now();
      const updated = { ...content, ...changed, ...(await voice.clipsForCard(content, actor.tier)) };
      await repository.updateContent(card.id, updated, at);
      const saved = await repository.findById(card.id);
      if (!saved) throw new AppError('card-not-found');
      await deps.onSaved?.(saved, card);
      return presentCard(saved);
    },

    /**
     * Unlocks the signed-in owner's card with credits (SPEC §5 checkout with credits, DESIGN §1.8): paid, 30
     * credits spent and a ledger row, atomically; a card already paid succeeds again and charges nothing.
     * A guest must sign in first (`unauthenticated`); too small a balance is `insufficient-credits`. Who may
     * unlock is the edit policy, applied to the card as the unlock's transaction reads it.
     */
    async unlockCard(actor: CardActor, id: string): Promise<UnlockCardResponse> {
      const { userId, tier } = actor;
      if (userId === null || tier === null) throw new AppError('unauthenticated');
      if (!canBeCardId(id)) throw new AppError('card-not-found');
      const outcome = await unlocks.unlock({
        cardId: id,
        userId,
        tier,
        cost: CARD_UNLOCK_COST,
        at: now(),
        allowed: (card) => canUpdateCard(actor, card),
      });
      if (outcome.status === 'not-found') throw new AppError('card-not-found');
      if (outcome.status === 'insufficient-credits') throw new AppError('insufficient-credits');
      const { card } = outcome;
      if (outcome.status === 'paid') {
        deps.notifications?.publish(CREDITS_CHANGED, userId);
        unlocked?.inc();
      }
      // Paid, the card can be opened any moment now: its voice should be ready before the first tap.
      void voice.prepare([card.greetingClipId, card.messageClipId]);
      if (outcome.status === 'paid') deps.onPaid?.(card);
      return {
        card: presentCard(card),
        credits: outcome.status === 'paid' ? outcome.balanceAfter : await unlocks.balanceOf(userId),
        charged: outcome.status === 'paid',
      };
    },

    /**
     * Deletes the owner's card (SPEC §7 "delete a card by id"): the row and its upload records at once, then
     * its image, video and voice message from storage and the bytes of uploads that never finished. Someone
     * else's card answers like an unknown one (`card-not-found`). Its id stays behind, so that its link says
     * it is gone.
     */
    async deleteCard(actor: CardActor, id: string): Promise<void> {
      const card = await load(actor, id, canDeleteCard);
      await deps.beforeDelete?.(card);
      const removed = await repository.deleteCard(card.id, now());
      if (!removed) throw new AppError('card-not-found');
      await files.removeFilesOf(card.id, removed);
    },
  };
}
