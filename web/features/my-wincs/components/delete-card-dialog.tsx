import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { MyWinc } from '../../../../shared/cards/my-wincs.contract.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { showToast } from '../../../components/toast.tsx';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { useDeleteMyWinc } from '../api/use-my-wincs.ts';
import { CardCoverImage } from './card-cover-image.tsx';
import { DangerButton } from './danger-button.tsx';

/**
 * SPEC §5's confirmation before deleting a card in My WINCS: 'Are you sure you want to delete this card?'.
 * Deleting takes the card, its files and its link away for good; then 'WINCS deleted successfully!'.
 */
export function DeleteCardDialog({
  card,
  onClose,
  onDeleted,
}: {
  card: MyWinc | null;
  onClose: () => void;
  onDeleted: (cardId: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const questionId = useId();
  const remove = useDeleteMyWinc();
  const [failed, setFailed] = useState(false);
  const deleting = remove.isPending;

  const close = () => {
    if (deleting) return;
    setFailed(false);
    onClose();
  };

  const confirm = async () => {
    if (!card) return;
    setFailed(false);
    try {
      await remove.mutateAsync(card.id);
    } catch (error) {
      // Already gone (deleted in another tab): the outcome the user asked for.
      if (!hasErrorCode(error, 'card-not-found')) {
        setFailed(true);
        return;
      }
    }
    showToast(t('myWincs.delete.success'));
    onDeleted(card.id);
  };

  return (
    <Dialog
      open={card !== null}
      onClose={close}
      labelledBy={titleId}
      describedBy={questionId}
      className="max-w-md"
    >
      {card && (
        <div data-testid="delete-card-dialog" className="p-6 sm:p-7">
          <div className="flex items-center gap-4">
            <div className="relative shrink-0">
              <CardCoverImage src={card.templateImageUrl} className="w-14 rounded-xl shadow-sm" />
              <span
                aria-hidden="true"
                className="absolute -end-2 -bottom-2 flex size-8 items-center justify-center rounded-full bg-coral-100 text-coral-700 ring-4 ring-white"
              >
                <Trash2 className="size-4" />
              </span>
            </div>
            <h2 id={titleId} className="text-xl font-black text-ink">
              {t('myWincs.delete.title')}
            </h2>
          </div>
          <p id={questionId} className="mt-5 text-base font-bold text-ink">
            {t('myWincs.delete.question')}
          </p>
          <p className="mt-1.5 text-sm leading-relaxed text-muted">{t('myWincs.delete.detail')}</p>
          {failed && (
            <p
              role="alert"
              className="mt-4 rounded-2xl border border-coral-200 bg-coral-50 px-4 py-3 text-sm font-bold text-coral-900"
            >
              {t('myWincs.delete.failed')}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={deleting} onClick={close}>
              {t('myWincs.delete.cancel')}
            </Button>
            <DangerButton tone="solid" pending={deleting} onClick={() => void confirm()}>
              {deleting ? t('myWincs.delete.deleting') : t('myWincs.delete.confirm')}
            </DangerButton>
          </div>
        </div>
      )}
    </Dialog>
  );
}
