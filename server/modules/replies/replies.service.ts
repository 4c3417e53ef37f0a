import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { repliesApi } from '../../../shared/api-paths.ts';
import {
  REPLY_MEDIA_MAX_BYTES,
  isReplyMediaKind,
  readReplyInput,
  replyNameOf,
  type CreateReplyInput,
  type Reply,
  type ReplyMediaKind,
  type SentReply,
} from '../../../shared/replies/replies.contract.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limit.ts';
import { holdsPlayableTrack } from '../../platform/media/media-container.ts';
import { detectAudioFormat, detectVideoFormat } from '../../platform/media/media-format.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CardRecord } from '../cards/cards.repository.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { OwnedCards, SharedCards } from '../cards/cards.module.ts';
import { canReadReplies } from './replies.policy.ts';
import { newReplyId, type RepliesRepository, type ReplyRecord } from './replies.repository.ts';

const MINUTE = 60 * 1000;

/**
 * How often one may reply (docs/decisions/0035-replies.md): a person answering in bursts sends a few a minute;
 * a whole family on one router a few dozen an hour. Counted in the database, across instances.
 */
export const REPLY_RATE_LIMITS = {
  perDevice: { limit: 10, windowMs: 10 * MINUTE },
  perAddress: { limit: 30, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** The topic of replies on a user's cards: published with the owner's id when one lands, goes or is seen. */
export const CARD_REPLIES_CHANGED = 'card-replies';

/** Reply and upload ids are base64url (22 characters); anything that cannot be one is never looked up. */
const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** An invitation guest's link, as the invitations module reads it. */
export interface GuestLinks {
  guestOfLink(token: string): Promise<{ card: CardRecord; guest: { id: string; name: string } } | null>;
}

/** Who is replying: the device (its viewer cookie) and its client address, which the rate limits count. */
export interface Replier {
  ip: string;
  deviceId: string;
}

export type RepliesService = ReturnType<typeof createRepliesService>;

/** Where a reply goes, and what it is signed with unless the replier says otherwise. */
interface ReplyTarget {
  card: CardRecord;
  guestId: string | null;
  /** The guest's own name on an invitation (theirs whatever they type); null: the replier's, else the card's. */
  guestName: string | null;
}

/**
 * Replies to a shared card (DESIGN §1.21): anyone holding the link (or an invitation guest's link) answers
 * without an account; a card the link does not open cannot be answered, and an unpaid one answers like an
 * unknown one. Only the card's owner lists, plays and deletes them. Each reply is rate-limited per device and
 * per address, touches no view count, tells the owner's live stream, and has its mail scheduled.
 */
export function createRepliesService(deps: {
  repository: RepliesRepository;
  database: Database;
  sharedCards: SharedCards;
  ownedCards: OwnedCards;
  guestLinks: GuestLinks;
  storage: FileStorage;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  notifications?: Pick<Notifications, 'publish'>;
  /** Schedules the owner's mail about the reply, in the transaction that stores it. */
  scheduleMail: (trx: Transaction<DB>, reply: ReplyRecord) => Promise<void>;
  now: () => Date;
  log: { warn(object: object, message: string): void };
}) {
  const { repository, database, sharedCards, ownedCards, guestLinks, storage, rateLimiter, now, log } = deps;

  /** The card a share link opens; an unpaid card is as unknown as one that never was (no hint it exists). */
  async function cardTarget(cardId: string): Promise<ReplyTarget> {
    try {
      return { card: await sharedCards.open(cardId), guestId: null, guestName: null };
    } catch (error) {
      if (error instanceof AppError && error.code === 'card-not-ready') throw new AppError('card-not-found');
      throw error;
    }
  }

  /** The invitation a guest's link opens, and the guest: unknown and unpaid alike are `card-not-found`. */
  async function guestTarget(token: string): Promise<ReplyTarget> {
    const found = await guestLinks.guestOfLink(token);
    if (!found) throw new AppError('card-not-found');
    return { card: found.card, guestId: found.guest.id, guestName: found.guest.name };
  }

  async function consumeLimits(replier: Replier): Promise<void> {
    await rateLimiter.consume(`replies:ip:${replier.ip}`, REPLY_RATE_LIMITS.perAddress);
    await rateLimiter.consume(`replies:device:${replier.deviceId}`, REPLY_RATE_LIMITS.perDevice);
  }

  const ownerOf = (card: CardRecord) => card.userId ?? card.authorId;

  /** Stores the reply with its mail job, then tells the owner's live stream. */
  async function store(reply: ReplyRecord, card: CardRecord, upload?: string): Promise<SentReply> {
    await database.db.transaction().execute(async (trx) => {
      await repository.insert(trx, reply);
      if (upload) await repository.completeUpload(trx, upload, reply.id);
      await deps.scheduleMail(trx, reply);
    });
    const owner = ownerOf(card);
    if (owner !== null) deps.notifications?.publish(CARD_REPLIES_CHANGED, owner);
    return { id: reply.id, kind: reply.kind, createdAt: reply.createdAt.toISOString() };
  }

  function signature(target: ReplyTarget, typed: string | null | undefined): string | null {
    return target.guestName ?? replyNameOf(typed) ?? replyNameOf(target.card.recipientName);
  }

  async function replyTo(target: ReplyTarget, replier: Replier, input: CreateReplyInput): Promise<SentReply> {
    const checked = readReplyInput(input);
    if ('problem' in checked) throw new AppError(checked.problem);
    await consumeLimits(replier);
    return store(
      {
        id: newReplyId(),
        cardId: target.card.id,
        kind: checked.kind,
        reaction: checked.kind === 'reaction' ? checked.reaction : null,
        text: checked.kind === 'text' ? checked.text : null,
        name: signature(target, input.name),
        mediaPath: null,
        mediaType: null,
        deviceId: replier.deviceId,
        guestId: target.guestId,
        createdAt: now(),
        seenAt: null,
      },
      target.card,
    );
  }

  /** The owner's card, or `card-not-found` for anyone else (DESIGN §5). */
  async function ownersCard(actor: CardActor, cardId: string): Promise<CardRecord> {
    const card = await ownedCards.find(actor, cardId);
    if (!canReadReplies(actor, card)) throw new AppError('card-not-found');
    return card;
  }

  /** The owner's reply; a stranger, an unknown card and an unknown reply all get the same `not-found`. */
  async function ownersReply(actor: CardActor, cardId: string, replyId: string) {
    const card = await ownersCard(actor, cardId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'card-not-found') throw new AppError('not-found');
      throw error;
    });
    const reply = ID_PATTERN.test(replyId) ? await repository.find(card.id, replyId) : undefined;
    if (!reply) throw new AppError('not-found');
    return { card, reply };
  }

  function present(reply: ReplyRecord): Reply {
    return {
      id: reply.id,
      cardId: reply.cardId,
      kind: reply.kind,
      reaction: reply.reaction,
      text: reply.text,
      name: reply.name,
      mediaUrl: reply.mediaPath === null ? null : repliesApi.media(reply.cardId, reply.id),
      mediaType: reply.mediaType,
      createdAt: reply.createdAt.toISOString(),
      seenAt: reply.seenAt?.toISOString() ?? null,
    };
  }

  async function removeFile(key: string | null): Promise<void> {
    if (key === null) return;
    await storage.delete(key).catch((error: unknown) => {
      log.warn({ err: error, key }, 'replies: a reply file could not be deleted');
    });
  }

  /** Checks what can be checked before a note's first byte: its kind, size, card, and the rate limits. */
  async function admitUpload(
    replier: Replier,
    request: {
      cardId?: string | null;
      guestToken?: string | null;
      kind?: string | null;
      size: number | null;
    },
  ): Promise<ReplyTarget & { kind: ReplyMediaKind; size: number }> {
    const kind = request.kind ?? '';
    if (!isReplyMediaKind(kind))
      throw new AppError('validation-failed', 'A reply note is a voice or a video.');
    const { size } = request;
    if (size === null || !Number.isSafeInteger(size) || size <= 0)
      throw new AppError('validation-failed', 'The file size must be announced and more than 0 bytes.');
    if (size > REPLY_MEDIA_MAX_BYTES[kind])
      throw new AppError(
        'payload-too-large',
        `A ${kind} reply can be at most ${REPLY_MEDIA_MAX_BYTES[kind]} bytes.`,
        {
          kind,
          maxBytes: REPLY_MEDIA_MAX_BYTES[kind],
        },
      );
    const target = request.guestToken
      ? await guestTarget(request.guestToken)
      : await cardTarget(request.cardId ?? '');
    await consumeLimits(replier);
    return { ...target, kind, size };
  }

  return {
    /** A reaction or a text from the card's share link. */
    async replyToCard(replier: Replier, cardId: string, input: CreateReplyInput): Promise<SentReply> {
      return replyTo(await cardTarget(cardId), replier, input);
    },

    /** A reaction or a text from an invitation guest's own link, signed with the guest's name. */
    async replyAsGuest(replier: Replier, token: string, input: CreateReplyInput): Promise<SentReply> {
      return replyTo(await guestTarget(token), replier, input);
    },

    admitUpload,

    /** Records a voice or video upload tus has just created; only the device that began it may go on. */
    async recordUpload(
      replier: Replier,
      upload: {
        id: string;
        cardId?: string | null;
        guestToken?: string | null;
        kind?: string | null;
        name?: string | null;
        size: number;
      },
    ): Promise<void> {
      // Admitted a moment ago (and counted then); looked up again because tus created it since.
      const target = upload.guestToken
        ? await guestTarget(upload.guestToken)
        : await cardTarget(upload.cardId ?? '');
      const kind = upload.kind ?? '';
      if (!isReplyMediaKind(kind)) throw new AppError('validation-failed');
      await repository.insertUpload({
        id: upload.id,
        cardId: target.card.id,
        kind,
        size: upload.size,
        name: signature(target, upload.name),
        deviceId: replier.deviceId,
        guestId: target.guestId,
        createdAt: now(),
        replyId: null,
      });
    },

    /** An upload of this device; another device's and an unknown one answer alike. */
    async findUpload(deviceId: string | null, uploadId: string) {
      const upload = ID_PATTERN.test(uploadId) ? await repository.findUpload(uploadId) : undefined;
      if (!upload || deviceId === null || upload.deviceId !== deviceId) throw new AppError('not-found');
      return upload;
    },

    /**
     * A note's last byte landed: it must be the kind it said by its content (a container browsers play, with
     * a track of its kind), then it is kept and becomes a reply. A refused file ends the upload.
     */
    async finishUpload(uploadId: string, bytes: Readable): Promise<SentReply> {
      const upload = await repository.findUpload(uploadId);
      if (!upload) throw new AppError('not-found');
      const card = await sharedCards.find(upload.cardId);
      if (!card) {
        await repository.deleteUpload(uploadId);
        throw new AppError('card-not-found');
      }
      const data = await buffer(bytes);
      const format = upload.kind === 'video' ? detectVideoFormat(data) : detectAudioFormat(data);
      const track = upload.kind === 'video' ? 'video' : 'audio';
      const key = `replies/${card.id}/${now().getTime()}-${crypto.randomBytes(12).toString('base64url')}.${format?.ext ?? 'bin'}`;
      if (format && data.length === upload.size) {
        await storage.write(key, data, format.mime);
        if (await holdsPlayableTrack(storage, key, data.length, track)) {
          return store(
            {
              id: newReplyId(),
              cardId: card.id,
              kind: upload.kind,
              reaction: null,
              text: null,
              name: upload.name,
              mediaPath: key,
              mediaType: format.mime,
              deviceId: upload.deviceId,
              guestId: upload.guestId,
              createdAt: now(),
              seenAt: null,
            },
            card,
            uploadId,
          );
        }
        await removeFile(key);
      }
      await repository.deleteUpload(uploadId);
      throw new AppError(
        'unsupported-media-type',
        upload.kind === 'video' ? 'This file is not a video.' : 'This file is not a voice note.',
        { kind: upload.kind },
      );
    },

    /** The card's replies, newest first, for its owner. */
    async listReplies(actor: CardActor, cardId: string): Promise<Reply[]> {
      const card = await ownersCard(actor, cardId);
      return (await repository.listOf(card.id)).map(present);
    },

    /** The owner has seen the card's replies: they are not new any more (the badge goes). */
    async markSeen(actor: CardActor, cardId: string): Promise<void> {
      const card = await ownersCard(actor, cardId);
      await repository.markSeen(card.id, now());
      const owner = ownerOf(card);
      if (owner !== null) deps.notifications?.publish(CARD_REPLIES_CHANGED, owner);
    },

    /** The owner deletes a reply, and its note's file with it. */
    async removeReply(actor: CardActor, cardId: string, replyId: string): Promise<void> {
      const { card } = await ownersReply(actor, cardId, replyId);
      const removed = await repository.remove(card.id, replyId);
      if (!removed) throw new AppError('not-found');
      await removeFile(removed.mediaPath);
      const owner = ownerOf(card);
      if (owner !== null) deps.notifications?.publish(CARD_REPLIES_CHANGED, owner);
    },

    /** A voice or video note's file, for the card's owner only. */
    async mediaFile(actor: CardActor, cardId: string, replyId: string) {
      const { reply } = await ownersReply(actor, cardId, replyId);
      if (reply.mediaPath === null || reply.mediaType === null) throw new AppError('not-found');
      const stat = await storage.stat(reply.mediaPath);
      if (!stat) throw new AppError('not-found');
      return { key: reply.mediaPath, size: stat.size, type: reply.mediaType, etag: reply.id };
    },

    /** How many replies of each of the user's cards are new. */
    async newCounts(actor: CardActor): Promise<Record<string, number>> {
      return actor.userId === null ? {} : repository.newCountsOf(actor.userId);
    },

    /** A card is being deleted: its notes' files go (the rows go with the card). */
    async cardDeleted(cardId: string): Promise<void> {
      for (const key of await repository.mediaPathsOf(cardId)) await removeFile(key);
    },
  };
}
