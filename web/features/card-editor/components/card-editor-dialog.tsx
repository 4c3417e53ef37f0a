import { useId } from 'react';
import { useNavigate } from 'react-router';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { rememberEditCardInHistory } from '../../../lib/edit-card-state.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import type { CardEditorTarget } from '../hooks/use-card-editor.ts';
import { CardForm, type CardFormPurpose } from './card-form.tsx';

export type { CardFormPurpose } from './card-form.tsx';

interface CardEditorDialogProps {
  /** What to edit; null keeps the modal closed. */
  target: CardEditorTarget | null;
  onClose: () => void;
  /** The sender's plan includes cards in other languages than their UI's (DESIGN §1.18). */
  multilingual: boolean;
  /** The signed-in sender's account name, which signs a new card; null for a guest. */
  accountName: string | null;
  /**
   * The words and what saving leads to; by default SPEC §2's Create/Edit card modal, which goes on to the
   * card's overview.
   */
  purpose?: CardFormPurpose;
}

/** The Create/Edit card modal of SPEC §2 around the card form. A full-screen sheet on phones. */
export function CardEditorDialog({
  target,
  onClose,
  multilingual,
  accountName,
  purpose,
}: CardEditorDialogProps) {
  const titleId = useId();
  const noteId = useId();
  const toOverview = useOverviewPurpose(target?.card ?? null);
  return (
    // On a phone the editor fills the screen: the backdrop's blur could not be seen, and blurring the page
    // behind it again for every frame (every keystroke) slowed typing on a slow phone.
    <Dialog
      open={target !== null}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={noteId}
      className="max-w-2xl max-sm:h-dvh! max-sm:max-h-dvh! max-sm:w-screen! max-sm:max-w-none! max-sm:rounded-none! max-sm:backdrop:backdrop-blur-none"
    >
      {target && (
        <CardForm
          key={target.card?.id ?? target.template.id ?? ''}
          target={target}
          purpose={purpose ?? toOverview}
          onClose={onClose}
          multilingual={multilingual}
          accountName={accountName}
          titleId={titleId}
          noteId={noteId}
        />
      )}
    </Dialog>
  );
}

/** 'Create a winc' / 'Edit Card' with 'Next', on to the saved card's overview. */
function useOverviewPurpose(card: Card | null): CardFormPurpose {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return {
    title: t(card ? 'editor.titleEdit' : 'editor.titleCreate'),
    submitLabel: t('editor.next'),
    submittingLabel: t('editor.creating'),
    onSaved: (saved) => {
      showToast(t(card ? 'editor.updated' : 'editor.created'));
      // Browser Back from the overview comes back to Home with this modal (SPEC §2).
      rememberEditCardInHistory(saved.id, paths.home());
      void navigate(paths.overview(saved.id));
    },
  };
}
