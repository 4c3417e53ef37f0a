import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  HELP_REQUESTS_PER_HOUR,
  type HelpRequest,
  type HelpRequestCreated,
} from '../../../shared/help/help.contract.ts';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages.ts';
import type { Mailer } from '../../platform/mail/mail-messages.ts';
import type { RateLimiter } from '../../platform/http/rate-limit.ts';
import type { HelpRepository } from './help.repository.ts';

export type HelpService = ReturnType<typeof createHelpService>;

/** Who is asking: the client address (for the rate limit) and the signed-in user, if any. */
export interface HelpRequester {
  ip: string;
  userId?: string | null;
}

const HOUR_MS = 60 * 60 * 1000;
/** Reference codes are read out on the phone and typed into mails: no 0/O or 1/I/L to confuse. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 10;

function newReference(): string {
  const bytes = crypto.randomBytes(REFERENCE_LENGTH);
  let out = '';
  for (const byte of bytes) out += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return out;
}

export function createHelpService(deps: {
  repository: HelpRepository;
  mailer: Mailer;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  supportEmail: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  return {
    /**
     * Records a help request, mails it to support (in English, replies going to the requester) and sends the
     * requester a receipt in their language. At most 5 requests per hour from one address. The stored request
     * is what counts: a mail that fails is logged for the operator, and the request is still accepted.
     */
    async submitRequest(input: HelpRequest, requester: HelpRequester): Promise<HelpRequestCreated> {
      await deps.rateLimiter.consume(`help:ip:${requester.ip}`, {
        limit: HELP_REQUESTS_PER_HOUR,
        windowMs: HOUR_MS,
      });
      const id = newReference();
      await deps.repository.insert({
        id,
        email: input.email,
        phone: input.phone,
        description: input.description,
        language: input.language,
        userId: requester.userId ?? null,
        createdAt: deps.now(),
      });
      const results = await Promise.allSettled([
        deps.mailer.send({
          kind: 'help-request',
          to: deps.supportEmail,
          language: DEFAULT_LANGUAGE,
          requestId: id,
          fromEmail: input.email,
          phone: input.phone,
          description: input.description,
          requesterLanguage: input.language,
        }),
        deps.mailer.send({
          kind: 'help-receipt',
          to: input.email,
          language: input.language,
          requestId: id,
          description: input.description,
          replyTo: deps.supportEmail,
        }),
      ]);
      for (const result of results) {
        if (result.status === 'rejected')
          deps.log.error({ err: result.reason, helpRequestId: id }, 'help request stored, but a mail failed');
      }
      return { id };
    },
  };
}
