import { useState } from 'react';
import type { MyWinc } from '../../../shared/cards/my-wincs.contract.ts';
import { showToast } from '../../components/toast.tsx';
import { editorTemplateOfCard } from '../../features/card-editor/hooks/use-card-editor.ts';
import { useShowSavedWinc } from '../../features/my-wincs/api/use-my-wincs.ts';
import { MyWincsPage } from '../../features/my-wincs/components/my-wincs-page.tsx';
import { SaveAsVideoButton } from '../../features/keepsakes/video/save-as-video-button.tsx';
import { RequireSignIn } from '../../features/session/components/require-sign-in.tsx';
import { ShareCardDialog } from '../../features/share/components/share-card-dialog.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { LazyCardEditorDialog } from '../composition/card-editor-loader.tsx';

/**
 * `/my-wincs` — protected (SPEC §6); the user's paid cards, with the share dialog for a card's Share and the
 * card editor's one form for its Edit (SPEC §2 'Edit Card' with 'Save Changes'; the user stays on the list).
 */
export function MyWincsRoute() {
  const { t } = useTranslation();
  const [shareId, setShareId] = useState<string | null>(null);
  const [editing, setEditing] = useState<MyWinc | null>(null);
  const showSaved = useShowSavedWinc();
  return (
    <RequireSignIn>
      <MyWincsPage
        onShare={setShareId}
        onEdit={setEditing}
        keepsakes={(card) => <SaveAsVideoButton card={card} />}
      />
      <ShareCardDialog open={shareId !== null} cardId={shareId} onClose={() => setShareId(null)} />
      <LazyCardEditorDialog
        target={editing && { template: editorTemplateOfCard(editing), card: editing }}
        onClose={() => setEditing(null)}
        purpose={{
          title: t('myWincs.edit.title'),
          submitLabel: t('myWincs.edit.save'),
          submittingLabel: t('myWincs.edit.saving'),
          onSaved: (saved) => {
            showSaved(saved);
            showToast(t('myWincs.edit.success'));
            setEditing(null);
          },
        }}
      />
    </RequireSignIn>
  );
}
