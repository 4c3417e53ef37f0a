import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, MailCheck, MailX } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  HOST_MESSAGE_MAX_LENGTH,
  MESSAGE_AUDIENCES,
  messageGuestsRequestSchema,
  type HostGuest,
  type MessageGuestsRequest,
  type MessageGuestsValues,
} from '../../../../shared/invitations/guests.contract.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { DialogHeader } from '../../../components/dialog-header.tsx';
import { RequiredField } from '../../../components/required-field.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useMessageGuests } from '../api/use-guest-list.ts';
import { audienceReach } from '../lib/message-audience.ts';

/** The locale key of the message field's issue (the contract's codes). */
function textIssueKey(message: string | undefined): string | null {
  if (message === undefined) return null;
  if (message === 'invalid-characters') return 'errors.invalid-characters';
  if (message === 'too-long') return 'guestList.message.errors.too-long';
  return 'guestList.message.errors.required';
}

/** The locale key of a refusal of the whole message: the two the host can act on are said for this form. */
function failureKey(error: unknown): string {
  if (hasErrorCode(error, 'rate-limited')) return 'guestList.message.errors.rate-limited';
  if (hasErrorCode(error, 'card-not-ready')) return 'guestList.message.errors.not-shared';
  return errorMessageKey(error);
}

/**
 * The host's message to their guests (DESIGN §1.20): an audience (everyone, those who have not answered, those
 * coming, those who said maybe), each with how many guests it reaches by email, and the text; the server mails
 * each guest of it who has an address, in their language. An audience that reaches nobody cannot be sent to.
 * For a paid invitation only: before that the guests' links do not work (the server refuses it too).
 */
export function MessageGuestsDialog({
  open,
  cardId,
  guests,
  onClose,
}: {
  open: boolean;
  cardId: string;
  guests: HostGuest[];
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} className="max-w-lg">
      {open && <MessageForm cardId={cardId} guests={guests} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function MessageForm({
  cardId,
  guests,
  titleId,
  onClose,
}: {
  cardId: string;
  guests: HostGuest[];
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ids = { audience: useId(), none: useId(), text: useId(), counter: useId(), error: useId() };
  const send = useMessageGuests(cardId);
  const [sent, setSent] = useState<number | null>(null);
  const form = useForm<MessageGuestsRequest, unknown, MessageGuestsValues>({
    resolver: zodResolver(messageGuestsRequestSchema),
    defaultValues: { audience: 'all', text: '' },
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, control, reset } = form;
  const audience = useWatch({ control, name: 'audience' });
  const text = useWatch({ control, name: 'text' }) ?? '';
  const reach = audienceReach(guests);
  const nobody = reach[audience] === 0;
  const textIssue = textIssueKey(formState.errors.text?.message);

  const submit = handleSubmit(async (message) => {
    try {
      setSent((await send.mutateAsync(message)).recipients);
    } catch {
      // Shown under the form from the mutation's state.
    }
  });

  if (sent !== null) {
    return (
      <MessageSent
        titleId={titleId}
        recipients={sent}
        onClose={onClose}
        onAnother={() => {
          reset({ audience, text: '' });
          send.reset();
          setSent(null);
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="message-guests">
      <DialogHeader
        titleId={titleId}
        title={t('guestList.message.title')}
        subtitle={<p className="mt-1 text-sm text-muted">{t('guestList.message.hint')}</p>}
        onClose={onClose}
        closeDisabled={send.isPending}
      />
      <div className="space-y-5 px-5 py-5 sm:px-6">
        <fieldset disabled={send.isPending} aria-describedby={nobody ? ids.none : undefined}>
          <legend className="text-sm font-bold text-ink">{t('guestList.message.audience')}</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2">
            {MESSAGE_AUDIENCES.map((each) => (
              <label
                key={each}
                className={cn(
                  'flex min-h-14 cursor-pointer flex-col justify-center rounded-2xl border px-3 py-2 text-start transition-colors',
                  'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-plum-500',
                  audience === each
                    ? 'border-plum-700 bg-plum-700 text-white shadow-sm'
                    : 'border-plum-200 bg-white text-plum-900 hover:bg-plum-50',
                )}
              >
                <input {...register('audience')} type="radio" value={each} className="sr-only" />
                <span className="text-sm leading-tight font-extrabold">
                  {t(`guestList.message.audiences.${each}`)}
                </span>
                <span
                  className={cn('text-xs tabular-nums', audience === each ? 'text-white/85' : 'text-muted')}
                >
                  {t('guestList.message.reach', { count: reach[each] })}
                </span>
              </label>
            ))}
          </div>
          {nobody && (
            <p
              id={ids.none}
              data-testid="message-guests-nobody"
              className="mt-2 flex items-start gap-2 rounded-2xl bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950"
            >
              <MailX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('guestList.message.nobody')}
            </p>
          )}
        </fieldset>

        <RequiredField
          label={t('guestList.message.text')}
          htmlFor={ids.text}
          error={textIssue && t(textIssue)}
          errorId={ids.error}
        >
          <textarea
            {...register('text')}
            id={ids.text}
            rows={5}
            maxLength={HOST_MESSAGE_MAX_LENGTH}
            aria-invalid={textIssue ? true : undefined}
            aria-required
            aria-describedby={[textIssue ? ids.error : null, ids.counter].filter(Boolean).join(' ')}
            disabled={send.isPending}
            placeholder={t('guestList.message.placeholder')}
            // Empty, it takes the page's direction, so the placeholder reads as its language does.
            dir={text === '' ? undefined : 'auto'}
            className={cn(
              fieldInputClasses,
              'h-auto min-h-32 resize-y py-3 leading-relaxed',
              textIssue ? 'border-coral-500' : 'border-plum-200',
            )}
          />
          <p id={ids.counter} className="text-end text-xs text-muted tabular-nums">
            {t('guestList.message.counter', { length: text.length, max: HOST_MESSAGE_MAX_LENGTH })}
          </p>
        </RequiredField>

        {send.isError && (
          <p
            role="alert"
            data-testid="message-guests-error"
            className="flex items-start gap-2 rounded-2xl bg-coral-50 px-3 py-2 text-sm font-semibold text-coral-800"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t(failureKey(send.error))}
          </p>
        )}
      </div>
      <footer className="flex flex-wrap gap-3 border-t border-plum-100 px-5 py-4 sm:px-6">
        <Button
          variant="secondary"
          onClick={onClose}
          disabled={send.isPending}
          className="flex-1 sm:flex-none"
        >
          {t('guestList.message.cancel')}
        </Button>
        <Button
          type="submit"
          pending={send.isPending}
          disabled={nobody}
          className="flex-1 sm:ms-auto sm:flex-none"
        >
          {t('guestList.message.send')}
        </Button>
      </footer>
    </form>
  );
}

/** What the server did with the message: how many guests it went to, or that nobody had an address. */
function MessageSent({
  titleId,
  recipients,
  onClose,
  onAnother,
}: {
  titleId: string;
  recipients: number;
  onClose: () => void;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const status = useRef<HTMLParagraphElement>(null);
  // The form is gone: its outcome takes the focus, so a screen reader hears it and the keyboard stays here.
  useEffect(() => status.current?.focus(), []);
  return (
    <div data-testid="message-guests-sent">
      <DialogHeader titleId={titleId} title={t('guestList.message.title')} onClose={onClose} />
      <div className="px-5 py-6 sm:px-6">
        <p
          ref={status}
          tabIndex={-1}
          role="status"
          className={cn(
            'flex items-start gap-3 rounded-2xl px-4 py-3 text-base font-bold outline-none',
            recipients > 0 ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950',
          )}
        >
          {recipients > 0 ? (
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          ) : (
            <MailX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          )}
          {recipients > 0
            ? t('guestList.message.sent', { count: recipients })
            : t('guestList.message.sentToNobody')}
        </p>
      </div>
      <footer className="flex flex-wrap gap-3 border-t border-plum-100 px-5 py-4 sm:px-6">
        <Button variant="secondary" onClick={onAnother} className="flex-1 sm:flex-none">
          {t('guestList.message.another')}
        </Button>
        <Button onClick={onClose} className="flex-1 sm:ms-auto sm:flex-none">
          {t('guestList.message.done')}
        </Button>
      </footer>
    </div>
  );
}
