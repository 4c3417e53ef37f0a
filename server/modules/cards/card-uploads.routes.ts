import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { Server as TusServer } from '@tus/server';
import { Metadata, type DataStore, type Locker } from '@tus/utils';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { TUS_METADATA_KEYS, VIDEO_MAX_BYTES } from '../../../shared/cards/card-media.ts';
import { cardSchema } from '../../../shared/cards/cards.contract.ts';
import { AppError, defaultMessage } from '../../platform/http/app-error.ts';
import { isDependencyUnavailable } from '../../platform/http/dependency-errors.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import { isCardMediaKind, type CardMediaService } from './card-media.service.ts';
import { cardMediaApi } from '../../../shared/api-paths.ts';

/** A tus datastore that can also give back an upload's bytes once they are all there. */
export type UploadDataStore = DataStore & { read(id: string): Readable | Promise<Readable> };

const TUS_VERSION = '1.0.0';

/** An error the tus server sends as is: our `{code, message}` body with the code's status. */
export function tusError(error: unknown): { status_code: number; body: string } {
  if (error instanceof AppError)
    return {
      status_code: error.statusCode,
      body: JSON.stringify({ code: error.code, message: error.message }),
    };
  throw error;
}

/**
 * tus answers a failure of its store in plain text with the error's own message, as a 500; a full disk or a
 * database that went away is temporary and the upload resumes from its offset later, so those answer our
 * service-unavailable, and anything else our `internal`, without its details. `what` names the uploads in the log.
 */
export function tusStoreError(log: FastifyBaseLogger, what: string) {
  return (_request: unknown, error: unknown): { status_code: number; body: string } | undefined => {
    if (!(error instanceof Error)) return undefined;
    const code = isDependencyUnavailable(error) ? 'service-unavailable' : 'internal';
    if (code === 'internal') log.error({ err: error }, `${what} failed`);
    else log.warn({ err: error }, `${what}: a dependency is unavailable`);
    return {
      status_code: code === 'internal' ? 500 : 503,
      body: JSON.stringify({ code, message: defaultMessage(code) }),
    };
  };
}

/**
 * tus's last step: `finish` takes the upload's bytes (checked and kept by the module, or refused), the answer
 * to that PATCH is what it answers as JSON, and tus need not keep the bytes either way.
 */
export function tusUploadFinished(
  datastore: UploadDataStore,
  finish: (uploadId: string, bytes: Readable, size: number) => Promise<unknown>,
) {
  return async (_request: unknown, upload: { id: string; size?: number | undefined; offset: number }) => {
    try {
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' },
        // tus calls this once the offset reaches the size, so the size is known here even when it was deferred.
        body: JSON.stringify(
          await finish(upload.id, await datastore.read(upload.id), upload.size ?? upload.offset),
        ),
      };
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers a thrown { status_code, body } as it is
      throw tusError(error);
    } finally {
      await datastore.remove(upload.id).catch(() => undefined);
    }
  };
}

/**
 * The `Upload-Metadata` of a creation request. A missing or malformed header (a value that is not base64, a
 * repeated key, stray separators) is the client's mistake: tus's parser throws a bare Error, answered here as
 * `validation-failed` rather than a server failure.
 */
export function parseUploadMetadata(header: string | string[] | undefined): Record<string, string | null> {
  try {
    return Metadata.parse(typeof header === 'string' ? header : undefined);
  } catch {
    throw new AppError('validation-failed', 'The Upload-Metadata header is not valid.');
  }
}

/**
 * Resumable uploads of card media with the tus protocol (SPEC §4/§9: files over 256 KB), on `/api/uploads`.
 * Every request is authorised here before tus sees it: creating one needs the card's owner, a media kind and
 * a size within the kind's limit (refused before any byte); every later request needs the owner of the
 * upload's card. A video may defer its length (tus creation-defer-length) while the browser is still compressing
 * it: its bytes arrive as they are encoded and the last PATCH declares the length; the 30 MB limit then holds on
 * every PATCH instead of at creation. When the last byte lands the file is checked and attached to the card, and the answer to
 * that PATCH carries the updated card. A finished upload still answers HEAD with its full offset, so a client
 * whose last answer was lost learns that it is done.
 */
export async function registerCardUploadRoutes(
  app: FastifyInstance,
  deps: {
    media: CardMediaService;
    actors: CardActorResolver;
    datastore: UploadDataStore;
    /** Keeps two requests of one upload from writing at once, on whichever instances they arrive. */
    locker: Locker;
  },
): Promise<void> {
  const { media, actors, datastore, locker } = deps;

  const tus = new TusServer({
    path: cardMediaApi.tus,
    datastore,
    locker,
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    // Same-origin only: no CORS headers at all.
    allowedOrigins: () => false,
    namingFunction: () => crypto.randomBytes(16).toString('base64url'),
    async onUploadCreate(_request, upload) {
      const metadata = upload.metadata ?? {};
      const kind = metadata[TUS_METADATA_KEYS.kind] ?? '';
      if (!isCardMediaKind(kind) || (upload.size === undefined && !upload.sizeIsDeferred))
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers a thrown { status_code, body } as it is
        throw tusError(new AppError('validation-failed'));
      await media.recordResumableUpload({
        id: upload.id,
        cardId: metadata[TUS_METADATA_KEYS.cardId] ?? '',
        kind,
        size: upload.size ?? null,
      });
      return {};
    },
    onResponseError: tusStoreError(app.log, 'resumable upload'),
    onUploadFinish: tusUploadFinished(datastore, async (uploadId, bytes, size) =>
      cardSchema.parse(await media.finishResumableUpload(uploadId, bytes, size)),
    ),
  });

  await app.register(async (scope) => {
    // tus reads the body itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.route({
      method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: cardMediaApi.tus,
      handler: async (request, reply) => {
        if (request.method === 'POST') {
          const metadata = parseUploadMetadata(request.headers['upload-metadata']);
          const length = request.headers['upload-length'];
          await media.admitResumableUpload(await actors.of(request, reply), {
            cardId: metadata[TUS_METADATA_KEYS.cardId] ?? undefined,
            kind: metadata[TUS_METADATA_KEYS.kind] ?? undefined,
            size: typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : null,
            deferredLength: request.headers['upload-defer-length'] === '1',
          });
        } else if (request.method !== 'OPTIONS') {
          throw new AppError('method-not-allowed');
        }
        reply.hijack();
        await tus.handle(request.raw, reply.raw);
      },
    });

    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: `${cardMediaApi.tus}/:uploadId`,
      handler: async (request, reply) => {
        const { uploadId } = request.params as { uploadId: string };
        if (request.method !== 'OPTIONS') {
          const upload = await media.findResumableUpload(await actors.of(request, reply), uploadId);
          if (upload.completedAt && request.method === 'HEAD') {
            return reply
              .status(200)
              .headers({
                'Tus-Resumable': TUS_VERSION,
                'Upload-Offset': String(upload.size),
                'Upload-Length': String(upload.size),
                'Cache-Control': 'no-store',
              })
              .send();
          }
        }
        // tus takes the upload's id from the end of the whole URL, query string included
        // (`/api/uploads/{mine}?x=/{theirs}` names theirs): it gets the path of the upload checked above.
        request.raw.url = `${cardMediaApi.tus}/${encodeURIComponent(uploadId)}`;
        reply.hijack();
        await tus.handle(request.raw, reply.raw);
      },
    });
  });
}
