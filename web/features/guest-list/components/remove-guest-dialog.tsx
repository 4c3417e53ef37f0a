import { CircleAlert, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { HostGuest } from '../../../../shared/invitations/guests.contract.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { showToast } from '../../../components/toast.tsx';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useRemoveGuest } from '../api/use-guest-list.ts';

/** Removing a guest, once the host has read that their link stops working and their answer goes. */
export function RemoveGuestDialog({
  cardId,
  guest,
  onClose,
}: {
  cardId: string;
  /** The guest to remove; null keeps the dialog closed. */
  guest: HostGuest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const remove = useRemoveGuest(cardId);

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!guest) return;
    try {
      await remove.mutateAsync(guest.id);
    } catch (error) {
      // Removed meanwhile (in another tab): the outcome the host asked for.
      if (!hasErrorCode(error, 'not-found')) return;
    }
    showToast(t('guestList.remove.removed'));
    remove.reset();
    onClose();
  };

  return (
    <Dialog
      open={guest !== null}
      onClose={close}
      labelledBy={titleId}
      describedBy={bodyId}
      className="max-w-md"
    >
      {guest && (
        <div data-testid="remove-guest" className="p-6 sm:p-7">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-coral-100 text-coral-700"
            >
              <Trash2 className="size-5" />
            </span>
            <h2 id={titleId} className="min-w-0 text-xl font-black break-words text-ink">
              {t('guestList.remove.title', { name: guest.name })}
            </h2>
          </div>
          <p id={bodyId} className="mt-4 text-sm leading-relaxed text-muted">
            {t('guestList.remove.body')}
          </p>
          {remove.isError && (
            <p
              role="alert"
              className="mt-4 flex items-start gap-2 rounded-2xl bg-coral-50 px-3 py-2 text-sm font-semibold text-coral-800"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t(errorMessageKey(remove.error))}
            </p>
          )}
          <div className="mt-6 flex gap-3">
            <Button variant="secondary" onClick={close} className="flex-1">
              {t('guestList.remove.cancel')}
            </Button>
            <button
              type="button"
              onClick={() => void confirm()}
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
              className="inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-full bg-coral-700 px-4.5 text-sm font-bold text-white shadow-sm transition-colors hover:bg-coral-800 active:bg-coral-900 disabled:opacity-50"
            >
              {remove.isPending && <Spinner className="size-4 text-current" />}
              {t('guestList.remove.confirm')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
