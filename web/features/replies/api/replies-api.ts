import { repliesApi } from '../../../../shared/api-paths.ts';
import type {
  CreateReplyInput,
  NewRepliesResponse,
  RepliesResponse,
  ReplyMailSetting,
  SentReply,
} from '../../../../shared/replies/replies.contract.ts';
import { apiRequest, apiResponse, getJson, postJson } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/cards-api.ts';

/** Where a reply goes: a card's share link, or an invitation guest's own link. */
export type ReplyTarget = { cardId: string } | { guestToken: string };

export const replyKeys = {
  all: cardKeys.replies,
  ofCard: (cardId: string) => [...cardKeys.replies, 'card', cardId] as const,
  newCounts: [...cardKeys.replies, 'new'] as const,
  mailSetting: [...cardKeys.replies, 'mail-setting'] as const,
};

/** Sends a reaction or a text. */
export function sendReply(target: ReplyTarget, input: CreateReplyInput): Promise<SentReply> {
  return postJson<SentReply>(
    'cardId' in target ? repliesApi.create(target.cardId) : repliesApi.fromGuest(target.guestToken),
    input,
  );
}

export async function fetchReplies(cardId: string, signal?: AbortSignal): Promise<RepliesResponse> {
  return getJson<RepliesResponse>(repliesApi.ofCard(cardId), undefined, signal);
}

export async function fetchNewReplyCounts(signal?: AbortSignal): Promise<NewRepliesResponse> {
  return getJson<NewRepliesResponse>(repliesApi.newCounts, undefined, signal);
}

/** The owner has seen the card's replies (204, no body). */
export async function markRepliesSeen(cardId: string): Promise<void> {
  await apiRequestNoBody(repliesApi.seen(cardId), 'POST');
}

export async function deleteReply(cardId: string, replyId: string): Promise<void> {
  await apiRequestNoBody(repliesApi.reply(cardId, replyId), 'DELETE');
}

export function fetchReplyMailSetting(signal?: AbortSignal): Promise<ReplyMailSetting> {
  return getJson<ReplyMailSetting>(repliesApi.mailSetting, undefined, signal);
}

export function saveReplyMailSetting(enabled: boolean): Promise<ReplyMailSetting> {
  return apiRequest<ReplyMailSetting>(repliesApi.mailSetting, {
    init: {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled }),
    },
  });
}

async function apiRequestNoBody(path: string, method: 'POST' | 'DELETE'): Promise<void> {
  await apiResponse(path, {
    init:
      method === 'POST'
        ? { method, headers: { 'content-type': 'application/json' }, body: '{}' }
        : { method },
  });
}
