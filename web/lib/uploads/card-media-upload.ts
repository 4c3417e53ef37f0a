import { TUS_METADATA_KEYS, usesSimpleUpload, type CardMediaKind } from '../../../shared/cards/card-media.ts';
import type { Card } from '../../../shared/cards/cards.contract.ts';
import { cardMediaApi, cardsApi } from '../../../shared/api-paths.ts';
import type { TransportResponse } from './http-transport.ts';
import { uploadErrorFromStatus } from './upload-error.ts';
import { messageOf, uploadResumable, type UploadControls } from './resumable-upload.ts';
import { GrowingFile } from './growing-file.ts';

export interface CardMediaUploadOptions extends UploadControls {
  cardId: string;
  kind: CardMediaKind;
  /** The file, or a video still being compressed (sent as it is produced). */
  file: Blob | GrowingFile;
  fileName: string;
  /** The key the upload's address is remembered under, when not `uploadFingerprint` of these options. */
  fingerprint?: string;
  /** SPEC §9: on mobile, files under 5 MB go in one request. */
  isMobile?: boolean;
}

function cardFrom(response: TransportResponse): Card {
  return JSON.parse(response.text) as Card;
}

/** The same file for the same card and kind: the key a resumable upload's address is remembered under. */
export function uploadFingerprint(
  options: Pick<CardMediaUploadOptions, 'cardId' | 'kind' | 'file' | 'fileName'>,
) {
  const { file } = options;
  const size = file instanceof GrowingFile && !file.done ? 'growing' : file.size;
  return `${options.cardId}:${options.kind}:${size}:${options.fileName}`;
}

/**
 * Uploads one media file of a card and answers the card with it attached (`uploadResumable`: one PUT for
 * small files, tus otherwise, with its retries and resuming).
 */
export async function uploadCardMedia(options: CardMediaUploadOptions): Promise<Card> {
  const { cardId, kind, file, baseUrl = '' } = options;
  return uploadResumable({
    ...options,
    tusPath: cardMediaApi.tus,
    metadata: {
      [TUS_METADATA_KEYS.cardId]: cardId,
      [TUS_METADATA_KEYS.kind]: kind,
      [TUS_METADATA_KEYS.fileName]: options.fileName,
      [TUS_METADATA_KEYS.fileType]: file.type || 'application/octet-stream',
    },
    fingerprint: options.fingerprint ?? uploadFingerprint(options),
    simple:
      !(file instanceof GrowingFile && !file.done) && usesSimpleUpload(file.size, options.isMobile ?? false)
        ? { method: 'PUT', path: cardMediaApi.media(cardId, kind) }
        : null,
    parse: cardFrom,
    // Everything arrived and the server attached it: the card says so.
    afterLostAnswer: async (send) => {
      const response = await send({ method: 'GET', url: `${baseUrl}${cardsApi.card(cardId)}` });
      if (response.status !== 200) throw uploadErrorFromStatus(response.status, messageOf(response));
      return cardFrom(response);
    },
  });
}
