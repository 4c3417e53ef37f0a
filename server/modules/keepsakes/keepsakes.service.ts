import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { linkPreviewApi } from '../../../shared/api-paths.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { addressFormOf } from '../../../shared/cards/address-form.ts';
import { wordingOf } from '../../../shared/invitations/invitation-wording.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { translatorFor } from '../../platform/i18n/translator.ts';
import { StoredObjectNotFoundError, type FileStorage } from '../../platform/storage/file-storage.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { CardRecord } from '../cards/cards.repository.ts';
import type { OwnedCards, SharedCards } from '../cards/cards.module.ts';
import type { PaperSize } from './card-pdf.ts';
import type { KeepsakeFilesRepository } from './keepsake-files.repository.ts';

/** Bump when the PDF's design changes, so every card's PDF is made again under a new name. */
const DESIGN_REVISION = '2';

export type KeepsakesService = ReturnType<typeof createKeepsakesService>;

/** A made PDF and the name it is saved under. */
export interface KeepsakePdf {
  body: Buffer;
  fileName: string;
}

/**
 * Keepsakes (DESIGN §1.21): the card as a PDF, made once per card version and paper size and kept in storage,
 * for whoever may open its link (the link's own rules, through `openForKeepsake`) and for its owner. Saving
 * it counts no view.
 */
export function createKeepsakesService(deps: {
  sharedCards: SharedCards;
  ownedCards: OwnedCards;
  covers: {
    getImage(
      templateId: string,
      variant: 'cover',
      language: Language,
    ): Promise<{ body: Buffer | { storageKey: string } }>;
  };
  storage: FileStorage;
  files: KeepsakeFilesRepository;
  origin: string;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { sharedCards, ownedCards, covers, storage, files, origin, now, log } = deps;
  const inFlight = new Map<string, Promise<Buffer>>();

  /** The one gate of a keepsake from a share link: exactly what opens the link opens the keepsake. */
  const openForKeepsake = (cardId: string): Promise<CardRecord> => sharedCards.open(cardId);

  const versionOf = (card: CardRecord, paper: PaperSize) =>
    crypto
      .createHash('sha256')
      .update(
        JSON.stringify([
          DESIGN_REVISION,
          card.lastModified.toISOString(),
          card.updatedAt.toISOString(),
          paper,
        ]),
      )
      .digest('base64url')
      .slice(0, 16);

  async function readOrNull(key: string): Promise<Buffer | null> {
    try {
      return await storage.read(key);
    } catch (error) {
      if (error instanceof StoredObjectNotFoundError) return null;
      throw error;
    }
  }

  async function coverOf(card: CardRecord): Promise<Buffer | null> {
    if (!card.templateId) return null;
    try {
      const image = await covers.getImage(card.templateId, 'cover', card.language);
      return Buffer.isBuffer(image.body) ? image.body : await readOrNull(image.body.storageKey);
    } catch (error) {
      if (error instanceof AppError && error.code === 'image-not-found') return null;
      if (error instanceof StoredObjectNotFoundError) return null;
      throw error;
    }
  }

  async function make(card: CardRecord, paper: PaperSize): Promise<Buffer> {
    const t = translatorFor(card.language);
    const wording = wordingOf(card);
    const context = addressFormOf(card);
    const { renderCardPdf } = await import('./card-pdf.ts');
    return renderCardPdf({
      paper,
      language: card.language,
      cover: await coverOf(card),
      photo: card.recipientImagePath ? await readOrNull(card.recipientImagePath) : null,
      heading: t(wording.title, { name: card.recipientName, context }),
      message: card.message,
      color: card.textStyles.color,
      fontSize: card.textStyles.fontSize,
      fontFamily: card.textStyles.fontFamily,
      byline: t(wording.byline, { name: card.senderName, context }),
      link: `${origin}${linkPreviewApi.page(card.id)}`,
      title: t(wording.title, { name: card.recipientName, context }),
    });
  }

  async function removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      await storage.delete(key).catch((error: unknown) => {
        log.warn({ err: error, key }, 'could not delete a keepsake PDF');
      });
    }
  }

  /** The card's PDF from storage, made now (once per process however many ask) when it has not been yet. */
  async function pdfOf(card: CardRecord, paper: PaperSize): Promise<KeepsakePdf> {
    const key = `keepsakes/${card.id}/${versionOf(card, paper)}.pdf`;
    let body = await readOrNull(key);
    if (!body) {
      let pending = inFlight.get(key);
      if (!pending) {
        pending = make(card, paper)
          .then(async (pdf) => {
            const older = await files.replace({ storageKey: key, cardId: card.id, paper, at: now() });
            await storage.write(key, pdf, 'application/pdf');
            log.info({ cardId: card.id, paper, bytes: pdf.length }, 'keepsake PDF made');
            await removeFiles(older);
            return pdf;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      body = await pending;
    }
    return { body, fileName: `winc-${card.recipientName}` };
  }

  return {
    openForKeepsake,
    /** Deletes the PDFs of a card about to be deleted. */
    async cardDeleted(cardId: string): Promise<void> {
      await removeFiles(await files.keysOf(cardId));
    },
    /** Loads the PDF's code and its fallback faces, and encodes a first JPEG, ahead of the first request. */
    async warmUp(): Promise<void> {
      const { warmUpCardPdf } = await import('./card-pdf.ts');
      await warmUpCardPdf();
    },
    /** The PDF of a card its link opens; otherwise the link's own answer. */
    async sharedPdf(cardId: string, paper: PaperSize): Promise<KeepsakePdf> {
      return pdfOf(await openForKeepsake(cardId), paper);
    },
    /** The PDF of one of the actor's cards, paid or not yet; another's is `card-not-found`. */
    async ownerPdf(actor: CardActor, cardId: string, paper: PaperSize): Promise<KeepsakePdf> {
      return pdfOf(await ownedCards.find(actor, cardId), paper);
    },
  };
}
