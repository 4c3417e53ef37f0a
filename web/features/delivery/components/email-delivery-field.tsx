import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useScheduleDelivery } from '../api/delivery-api.ts';

/**
 * The share step's "Email it to them" (DESIGN §1.22): one optional address the card's link is mailed to
 * once, in the card's language, at its reveal time (the server decides) or now. Only the address typed here
 * is mailed.
 */
export function EmailDeliveryField({
  cardId,
  note,
}: {
  cardId: string;
  /** Said next to the address when the mail waits for something (the card's reveal time). */
  note?: string | null | undefined;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const hintId = useId();
  const statusId = useId();
  const noteId = useId();
  const [address, setAddress] = useState('');
  const schedule = useScheduleDelivery(cardId);
  const [scheduledTo, setScheduledTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = address.trim();
    if (typed === '') return;
    schedule.mutate(
      { address: typed },
      {
        onSuccess: () => {
          setScheduledTo(typed);
          setAddress('');
        },
      },
    );
  };

  return (
    <form className="mt-6" onSubmit={submit} noValidate data-testid="email-delivery">
      <label htmlFor={fieldId} className="block text-sm font-bold text-ink">
        {t('delivery.field.label')}
      </label>
      <p id={hintId} className="mt-1 text-xs text-muted">
        {t('delivery.field.hint')}
      </p>
      {note ? (
        <p id={noteId} className="mt-1 text-xs font-semibold text-plum-700" data-testid="email-delivery-note">
          {note}
        </p>
      ) : null}
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          value={address}
          placeholder={t('delivery.field.placeholder')}
          aria-describedby={[hintId, note ? noteId : null, statusId].filter(Boolean).join(' ')}
          aria-invalid={schedule.isError}
          onChange={(event) => setAddress(event.target.value)}
          data-testid="email-delivery-address"
          className={cn(fieldInputClasses, 'border-plum-200 text-sm sm:flex-1')}
        />
        <Button type="submit" variant="secondary" disabled={schedule.isPending || address.trim() === ''}>
          <Mail aria-hidden="true" className="size-4" />
          {schedule.isPending ? t('delivery.field.sending') : t('delivery.field.send')}
        </Button>
      </div>
      <p id={statusId} aria-live="polite" className="mt-1.5 text-sm" data-testid="email-delivery-status">
        {schedule.isError ? (
          <span className="text-red-700">{t(errorMessageKey(schedule.error))}</span>
        ) : scheduledTo ? (
          <span className="text-ink">{t('delivery.field.scheduled', { address: scheduledTo })}</span>
        ) : null}
      </p>
    </form>
  );
}
