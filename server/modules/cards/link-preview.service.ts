import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { linkPreviewApi } from '../../../shared/api-paths.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { translatorFor } from '../../platform/i18n/translator.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { LinkPreviewContent } from '../../platform/media/link-preview-image.ts';
import { StoredObjectNotFoundError, type FileStorage } from '../../platform/storage/file-storage.ts';
import { lookUpSharedCard } from './card-access.ts';
import type { CardRecord, CardsRepository } from './cards.repository.ts';
import { addressFormOf } from '../../../shared/cards/address-form.ts';
import { wordingOf } from '../../../shared/invitations/invitation-wording.ts';
import { isSealed } from '../../../shared/cards/reveal.contract.ts';
import { formatZonedMoment } from '../../../shared/time/format-moment.ts';

/** Bump when the image's design changes, so every preview is drawn again under a new name. */
const DESIGN_REVISION = '1';

/** The renderer (satori, resvg, sharp and the fonts, megabytes of code) loads with the first preview drawn. */
async function renderLinkPreview(content: LinkPreviewContent): Promise<Buffer> {
  return (await import('../../platform/media/link-preview-image.ts')).renderLinkPreview(content);
}

/** What a share link's page says to a messenger's crawler (Open Graph, Twitter), in the card's language. */
export interface SharePageMeta {
  language: Language;
  title: string;
  description: string;
  imageUrl: string;
  imageAlt: string;
  /** The card's cover, preloaded so the page paints before its script runs; null for the generic page. */
  coverUrl: string | null;
}

/** A share link's page: what its tags say, and the status it answers with. */
export interface SharePage {
  meta: SharePageMeta;
  status: 200 | 404 | 410;
}

const PAGE_STATUS = { 'not-ready': 200, removed: 410, unknown: 404 } as const;

/**
 * Someone a shared card's preview names instead of its recipient: an invitation's guest on their own link
 * (DESIGN §1.20). Their image is served and stored under their link, so it goes when the link does.
 */
export interface PreviewGuest {
  name: string;
  /** The path of the image's file (`{version}.jpg`), under `/media/previews/`; stored without `/media/`. */
  imagePath: (file: string) => string;
}

const versionOf = (parts: ReadonlyArray<string | null>) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([DESIGN_REVISION, ...parts]))
    .digest('base64url')
    .slice(0, 16);

export type LinkPreviewService = ReturnType<typeof createLinkPreviewService>;

/** The words of a shared WINC's link preview that its page does not show (the rest are `wordingOf`'s). */
function previewWordingOf(card: CardRecord) {
  return card.invitation
    ? ({ description: 'invitation.preview.description', imageAlt: 'invitation.preview.imageAlt' } as const)
    : ({ description: 'recipient.preview.description', imageAlt: 'recipient.preview.imageAlt' } as const);
}

/**
 * Link previews (DESIGN §1.19): messengers' crawlers run no script, so the share link's HTML carries the
 * card's title, description and a preview image — the cover and 'For {recipient}' in the card's language —
 * and nothing private (no message, no media, no owner). An invitation's guest's own link names the guest
 * instead (DESIGN §1.20). A card not paid yet, or no card, gets the generic preview. Each image is drawn once
 * per content and named by it, so a changed card gets a new one.
 */
export function createLinkPreviewService(deps: {
  cards: Pick<CardsRepository, 'findById' | 'wasRemoved'>;
  /**
   * Template covers: the overview's cover variant, a 400×533 WebP of the artwork's first frame whatever was
   * uploaded (decision 0002), which the renderer turns into what its drawing can carry; the one lettered in
   * the card's language when the template has it.
   */
  covers: {
    getImage(
      templateId: string,
      variant: 'cover',
      language: Language,
    ): Promise<{ body: Buffer | { storageKey: string } }>;
  };
  storage: FileStorage;
  /** Absolute URLs: crawlers do not resolve relative ones reliably. */
  origin: string;
  log: FastifyBaseLogger;
  /** The server's clock: a sealed card's preview says when it opens (DESIGN §1.22). */
  now: () => Date;
}) {
  const { cards, covers, storage, origin, log, now } = deps;
  const inFlight = new Map<string, Promise<Buffer>>();

  const cardVersion = (card: CardRecord) =>
    versionOf([
      card.invitation ? 'invitation' : 'card',
      addressFormOf(card),
      card.recipientName,
      card.senderName,
      card.language,
      card.templateId,
      card.templateImageUrl,
    ]);
  const guestVersion = (card: CardRecord, guest: PreviewGuest) =>
    versionOf(['guest', guest.name, card.senderName, card.language, card.templateId, card.templateImageUrl]);
  const cardImageKey = (cardId: string, version: string) => `previews/cards/${cardId}/${version}.jpg`;
  const guestImageKey = (guest: PreviewGuest, file: string) =>
    guest.imagePath(file).replace(/^\/media\//, '');
  const genericKey = (language: Language) => `previews/generic/${language}-${versionOf([language])}.jpg`;
  const siteKey = (language: Language) => `previews/site/${language}-${versionOf(['site', language])}.jpg`;

  async function sharedCard(cardId: string): Promise<CardRecord | null> {
    const lookup = await lookUpSharedCard(cards, cardId);
    return lookup.state === 'shared' ? lookup.card : null;
  }

  /**
   * The card's cover, or null when it has none to draw (no template, a template without stored artwork, a file
   * gone). Any other failure is thrown: the drawing is stored for good under the card's version, so a
   * temporary one must not leave a preview without its cover.
   */
  async function coverOf(card: CardRecord): Promise<Buffer | null> {
    if (!card.templateId) return null;
    try {
      const image = await covers.getImage(card.templateId, 'cover', card.language);
      // An encoded variant comes as bytes; only the untouched original is a storage key to stream.
      return Buffer.isBuffer(image.body) ? image.body : null;
    } catch (error) {
      const missing =
        error instanceof StoredObjectNotFoundError ||
        (error instanceof AppError && error.code === 'image-not-found');
      if (!missing) throw error;
      log.warn({ err: error, templateId: card.templateId }, 'link preview: no cover for the card');
      return null;
    }
  }

  /** The stored image, drawn now (once per process however many ask) when it has not been yet. */
  async function storedImage(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    try {
      return await storage.read(key);
    } catch (error) {
      if (!(error instanceof StoredObjectNotFoundError)) throw error;
    }
    let pending = inFlight.get(key);
    if (!pending) {
      pending = draw()
        .then(async (image) => {
          await storage.write(key, image, 'image/jpeg');
          return image;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  /** The card's preview image in its current version: stored, or drawn now. */
  function imageOf(card: CardRecord): Promise<Buffer> {
    const t = translatorFor(card.language);
    const wording = wordingOf(card);
    const context = addressFormOf(card);
    return storedImage(cardImageKey(card.id, cardVersion(card)), async () =>
      renderLinkPreview({
        cover: await coverOf(card),
        eyebrow: t(wording.eyebrow, { context }),
        headline: t('recipient.preview.headline', { name: card.recipientName, context }),
        subline: t(wording.byline, { name: card.senderName, context }),
        language: card.language,
      }),
    );
  }

  /**
   * A sealed card's (or invitation's) preview words (DESIGN §1.22): that `name`'s card opens on the moment, in
   * its zone, in the card's language; null once it has opened.
   */
  function sealedWording(card: CardRecord, name: string): { title: string; description: string } | null {
    if (card.revealAt === null || !isSealed(card, now())) return null;
    const t = translatorFor(card.language);
    const zone = card.revealTimeZone ?? 'UTC';
    const when = formatZonedMoment(card.revealAt, zone, card.language);
    return {
      title: t('reveal.preview.title', { name, when }),
      description: t('reveal.preview.description', { name: card.senderName, when, zone }),
    };
  }

  function genericMeta(language: Language): SharePageMeta {
    const t = translatorFor(language);
    return {
      language,
      title: t('recipient.preview.genericTitle'),
      description: t('recipient.preview.genericDescription'),
      imageUrl: `${origin}${linkPreviewApi.generic(`${language}.jpg`)}`,
      imageAlt: t('recipient.preview.genericHeadline'),
      coverUrl: null,
    };
  }

  return {
    /**
     * A share link's page: the card's meta when it is paid, else the generic one in `fallback`; and its
     * status, the same for browsers and crawlers — 200 for a card (paid or not yet), 410 for a card its owner
     * deleted, 404 for a link that never led to one.
     */
    async page(cardId: string, fallback: Language = DEFAULT_LANGUAGE): Promise<SharePage> {
      const lookup = await lookUpSharedCard(cards, cardId);
      if (lookup.state !== 'shared')
        return { meta: genericMeta(fallback), status: PAGE_STATUS[lookup.state] };
      const { card } = lookup;
      const t = translatorFor(card.language);
      const preview = previewWordingOf(card);
      const context = addressFormOf(card);
      const sealed = sealedWording(card, card.recipientName);
      return {
        status: 200,
        meta: {
          language: card.language,
          title: sealed?.title ?? t(wordingOf(card).title, { name: card.recipientName, context }),
          description: sealed?.description ?? t(preview.description, { name: card.senderName, context }),
          imageUrl: `${origin}${linkPreviewApi.card(card.id, `${cardVersion(card)}.jpg`)}`,
          imageAlt: t(preview.imageAlt, { name: card.recipientName, context }),
          coverUrl: card.templateImageUrl,
        },
      };
    },

    /** A paid card's preview image as its link shows it now (mailed inline with the card's link). */
    async currentCardImage(cardId: string): Promise<Buffer> {
      const card = await sharedCard(cardId);
      if (!card) throw new AppError('image-not-found');
      return imageOf(card);
    },

    /**
     * A paid card's preview image (JPEG, 1200×630, ≤ 300 KB) in the version its page names; an unpaid or
     * unknown card, or an old version, is `image-not-found`.
     */
    async cardImage(cardId: string, version: string): Promise<Buffer> {
      const card = await sharedCard(cardId);
      if (!card || version !== cardVersion(card)) throw new AppError('image-not-found');
      return imageOf(card);
    },

    /**
     * The meta of a guest's own link to a paid invitation (`card`, which the caller found shared): 'Leila,
     * you're invited' in the invitation's language, with an image naming the guest; before its reveal, when
     * it opens.
     */
    guestPageMeta(card: CardRecord, guest: PreviewGuest): SharePageMeta {
      const t = translatorFor(card.language);
      const sealed = sealedWording(card, guest.name);
      return {
        language: card.language,
        title: sealed?.title ?? t('invitation.preview.title', { name: guest.name }),
        description: sealed?.description ?? t('invitation.preview.description', { name: card.senderName }),
        imageUrl: `${origin}${guest.imagePath(`${guestVersion(card, guest)}.jpg`)}`,
        imageAlt: t('invitation.preview.imageAlt', { name: guest.name }),
        coverUrl: card.templateImageUrl,
      };
    },

    /**
     * A guest's preview image (JPEG, 1200×630, ≤ 300 KB) in the version their page names; another version is
     * `image-not-found`.
     */
    async guestImage(card: CardRecord, guest: PreviewGuest, version: string): Promise<Buffer> {
      if (version !== guestVersion(card, guest)) throw new AppError('image-not-found');
      const t = translatorFor(card.language);
      return storedImage(guestImageKey(guest, `${version}.jpg`), async () =>
        renderLinkPreview({
          cover: await coverOf(card),
          eyebrow: t('invitation.event.eyebrow'),
          headline: t('recipient.preview.headline', { name: guest.name }),
          subline: t('invitation.preview.invitedBy', { name: card.senderName }),
          language: card.language,
        }),
      );
    },

    /** The meta of a link to no shared card, in `language`. */
    genericPageMeta: genericMeta,

    /** The generic preview image of a language: for links to cards not shared yet, or to none. */
    async genericImage(language: Language): Promise<Buffer> {
      const t = translatorFor(language);
      return storedImage(genericKey(language), () =>
        renderLinkPreview({
          cover: null,
          eyebrow: t('recipient.preview.genericTitle'),
          headline: t('recipient.preview.genericHeadline'),
          subline: t('recipient.preview.genericDescription'),
          language,
        }),
      );
    },

    /** The app's own preview image of a language, for its home page: what Winc is, in home's words. */
    async siteImage(language: Language): Promise<Buffer> {
      const t = translatorFor(language);
      return storedImage(siteKey(language), () =>
        renderLinkPreview({
          cover: null,
          eyebrow: 'Winc',
          headline: t('home.heroTitle'),
          subline: t('home.heroSubtitle'),
          language,
        }),
      );
    },
  };
}
