import type { Transaction } from 'kysely';
import { DEFAULT_LANGUAGE, textDirection, type Language } from '../../../shared/i18n/languages.ts';
import { repliesApi } from '../../../shared/api-paths.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';
import { translatorFor } from '../../platform/i18n/translator.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { PermanentJobError } from '../../platform/jobs/job-runner.ts';
import type { Mailer } from '../../platform/mail/mail-messages.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { SharedCards } from '../cards/cards.module.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { RepliesRepository, ReplyRecord } from './replies.repository.ts';

/** The job that mails a card's owner about one reply: keyed by the reply, so it goes once. */
const REPLY_MAIL_JOB = 'card-reply-mail';

/** Unsubscribe tokens are 22 base64url characters; anything else is never looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A refusal for good from the receiving server (SMTP 5xx), as nodemailer reports it. */
function permanentRefusal(error: unknown): string | null {
  const code = (error as { responseCode?: unknown }).responseCode;
  if (typeof code !== 'number' || code < 500 || code >= 600) return null;
  return (error as { response?: string }).response ?? String(code);
}

/** A small page of its own, in the owner's language, that works without the app's script. */
function unsubscribePage(language: Language, state: 'ask' | 'done' | 'unknown', action: string): string {
  const t = translatorFor(language);
  const heading = t('replies.unsubscribe.title');
  const body =
    state === 'unknown'
      ? `<p>${escapeHtml(t('replies.unsubscribe.unknown'))}</p>`
      : state === 'done'
        ? `<p>${escapeHtml(t('replies.unsubscribe.done'))}</p>`
        : `<p>${escapeHtml(t('replies.unsubscribe.ask'))}</p><form method="post" action="${escapeHtml(
            action,
          )}"><button type="submit">${escapeHtml(t('replies.unsubscribe.button'))}</button></form>`;
  return `<!doctype html>
<html lang="${language}" dir="${textDirection(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(heading)}</title>
</head>
<body><h1>${escapeHtml(heading)}</h1>${body}</body>
</html>
`;
}

export type ReplyMails = ReturnType<typeof createReplyMails>;

/**
 * One mail per reply to the card's owner (DESIGN §1.21), in their language, from the jobs table so it goes
 * once whichever instance is up; none when the owner turned "Email me when someone replies" off (on by
 * default), which the mail's one-click unsubscribe also does.
 */
export function createReplyMails(deps: {
  jobs: JobRunner;
  repository: RepliesRepository;
  cards: Pick<SharedCards, 'find'>;
  users: Pick<UsersRepository, 'findById'>;
  mailer: Mailer;
  origin: string;
  now: () => Date;
}) {
  const { jobs, repository, cards, users, mailer, origin, now } = deps;

  jobs.handle(REPLY_MAIL_JOB, async (payload) => {
    const { replyId } = payload as { replyId: string };
    // A reply deleted, a card gone, or mails turned off before the job ran: nothing to say any more.
    const reply = await repository.findById(replyId);
    const card = reply && (await cards.find(reply.cardId));
    const ownerId = card && (card.userId ?? card.authorId);
    const owner = ownerId ? await users.findById(ownerId) : undefined;
    if (!reply || !card || !owner || owner.isDisabled || !(await repository.mailEnabledFor(owner.id))) return;
    const token = await repository.unsubscribeTokenOf(owner.id);
    try {
      await mailer.send({
        kind: 'card-reply',
        to: owner.email,
        language: owner.language,
        name: owner.name,
        replier: reply.name ?? card.recipientName,
        reply:
          reply.kind === 'text'
            ? { kind: 'text', text: reply.text ?? '' }
            : reply.kind === 'reaction'
              ? { kind: 'reaction', reaction: reply.reaction ?? '' }
              : { kind: reply.kind },
        url: `${origin}/my-wincs`,
        unsubscribeUrl: `${origin}${repliesApi.unsubscribe(token)}`,
      });
    } catch (error) {
      const refusal = permanentRefusal(error);
      throw refusal === null ? error : new PermanentJobError(refusal);
    }
  });

  function userOf(actor: CardActor): string {
    if (actor.userId === null) throw new AppError('unauthenticated');
    return actor.userId;
  }

  return {
    /** Schedules the mail about a reply in the transaction that stores it. */
    async schedule(trx: Transaction<DB>, reply: ReplyRecord): Promise<void> {
      await jobs.schedule(
        {
          kind: REPLY_MAIL_JOB,
          key: `${REPLY_MAIL_JOB}:${reply.id}`,
          runAt: now(),
          payload: { replyId: reply.id },
        },
        trx,
      );
    },

    /** Whether the signed-in user gets a mail per reply. */
    async setting(actor: CardActor): Promise<{ enabled: boolean }> {
      return { enabled: await repository.mailEnabledFor(userOf(actor)) };
    },

    async changeSetting(actor: CardActor, enabled: boolean): Promise<{ enabled: boolean }> {
      await repository.setMailEnabled(userOf(actor), enabled);
      return { enabled };
    },

    /** The page the mail's unsubscribe link opens: it asks before it stops anything. */
    async unsubscribePage(token: string): Promise<string> {
      const found = TOKEN_PATTERN.test(token) ? await repository.findByUnsubscribeToken(token) : undefined;
      const user = found && (await users.findById(found.userId));
      const action = repliesApi.unsubscribe(token);
      if (!found || !user) return unsubscribePage(DEFAULT_LANGUAGE, 'unknown', action);
      return unsubscribePage(user.language, found.enabled ? 'ask' : 'done', action);
    },

    /** The one-click unsubscribe (RFC 8058): reply mails stop; the profile's switch shows it off. */
    async unsubscribe(token: string): Promise<string> {
      const found = TOKEN_PATTERN.test(token) ? await repository.findByUnsubscribeToken(token) : undefined;
      const user = found && (await users.findById(found.userId));
      const action = repliesApi.unsubscribe(token);
      if (!found || !user) return unsubscribePage(DEFAULT_LANGUAGE, 'unknown', action);
      await repository.setMailEnabled(found.userId, false);
      return unsubscribePage(user.language, 'done', action);
    },
  };
}
