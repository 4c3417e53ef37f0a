import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Server as TusServer } from '@tus/server';
import type { Locker } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import { repliesApi } from '../../../shared/api-paths.ts';
import {
  REPLY_MEDIA_MAX_BYTES,
  REPLY_UPLOAD_METADATA_KEYS,
  sentReplySchema,
} from '../../../shared/replies/replies.contract.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  parseUploadMetadata,
  tusError,
  tusStoreError,
  tusUploadFinished,
  type UploadDataStore,
} from '../cards/card-uploads.routes.ts';
import { VIEWER_COOKIE, viewerCookieOptions, type ViewerCookie } from '../cards/viewer-cookie.ts';
import type { RepliesService, Replier } from './replies.service.ts';

const TUS_VERSION = '1.0.0';
const KEYS = REPLY_UPLOAD_METADATA_KEYS;

/** The Node request under tus's web Request (srvx keeps it as `runtime.node.req`). */
const nodeRequestOf = (request: Request) =>
  (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/**
 * Resumable uploads of voice and video replies (tus, the sender's media's datastore and locker), on
 * `/api/reply-uploads`. Creating one is checked before tus sees it: a card the link opens (or a guest's link),
 * a voice or video kind, a size within its cap (refused before any byte), the rate limits. Every later request
 * needs the device that began it (the viewer cookie), so an interrupted upload resumes from that device only.
 * When the last byte lands the file is checked by content and the reply stored; that PATCH answers the reply.
 */
export async function registerReplyUploadRoutes(
  app: FastifyInstance,
  deps: {
    replies: RepliesService;
    viewerCookie: ViewerCookie;
    datastore: UploadDataStore;
    locker: Locker;
    secureCookies: boolean;
  },
): Promise<void> {
  const { replies, viewerCookie, datastore, locker, secureCookies } = deps;
  /** The device each creation request was admitted for, for tus's creation hook. */
  const admitted = new WeakMap<IncomingMessage, Replier>();

  const tus = new TusServer({
    path: repliesApi.uploads,
    datastore,
    locker,
    maxSize: Math.max(...Object.values(REPLY_MEDIA_MAX_BYTES)),
    relativeLocation: true,
    allowedOrigins: () => false,
    namingFunction: () => crypto.randomBytes(16).toString('base64url'),
    async onUploadCreate(request, upload) {
      const metadata = upload.metadata ?? {};
      if (upload.size === undefined)
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers a thrown { status_code, body } as it is
        throw tusError(new AppError('validation-failed'));
      try {
        const node = nodeRequestOf(request);
        const replier = node && admitted.get(node);
        if (!replier) throw new AppError('validation-failed');
        await replies.recordUpload(replier, {
          id: upload.id,
          cardId: metadata[KEYS.cardId] ?? null,
          guestToken: metadata[KEYS.guestToken] ?? null,
          kind: metadata[KEYS.kind] ?? null,
          name: metadata[KEYS.name] ?? null,
          size: upload.size,
        });
      } catch (error) {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers a thrown { status_code, body } as it is
        throw tusError(error);
      }
      return {};
    },
    onResponseError: tusStoreError(app.log, 'reply upload'),
    onUploadFinish: tusUploadFinished(datastore, async (uploadId, bytes) =>
      sentReplySchema.parse(await replies.finishUpload(uploadId, bytes)),
    ),
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.route({
      method: ['POST', 'OPTIONS'],
      url: repliesApi.uploads,
      handler: async (request, reply) => {
        if (request.method === 'POST') {
          const metadata = parseUploadMetadata(request.headers['upload-metadata']);
          const length = request.headers['upload-length'];
          const known = viewerCookie.read(request);
          const replier = { ip: request.ip, deviceId: viewerCookie.ensure(request, reply) };
          await replies.admitUpload(replier, {
            cardId: metadata[KEYS.cardId] ?? null,
            guestToken: metadata[KEYS.guestToken] ?? null,
            kind: metadata[KEYS.kind] ?? null,
            size: typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : null,
          });
          admitted.set(request.raw, replier);
          // A new device's viewer cookie must reach it although tus writes the answer past Fastify.
          if (known === null)
            reply.raw.setHeader(
              'set-cookie',
              app.serializeCookie(VIEWER_COOKIE, replier.deviceId, viewerCookieOptions(secureCookies)),
            );
        }
        reply.hijack();
        await tus.handle(request.raw, reply.raw);
      },
    });

    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: `${repliesApi.uploads}/:uploadId`,
      handler: async (request, reply) => {
        const { uploadId } = request.params as { uploadId: string };
        if (request.method !== 'OPTIONS') {
          const upload = await replies.findUpload(viewerCookie.read(request), uploadId);
          if (upload.replyId !== null && request.method === 'HEAD') {
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
        // tus takes the upload's id from the end of the whole URL: it gets the path of the upload checked above.
        request.raw.url = `${repliesApi.uploads}/${encodeURIComponent(uploadId)}`;
        reply.hijack();
        await tus.handle(request.raw, reply.raw);
      },
    });
  });
}
