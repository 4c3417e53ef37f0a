import { lazy, Suspense, useState } from 'react';
import { keepsakesApi } from '../../../shared/api-paths.ts';
import type { MyWinc } from '../../../shared/cards/my-wincs.contract.ts';
import { showToast } from '../../components/toast.tsx';
import { editorTemplateOfCard } from '../../features/card-editor/hooks/use-card-editor.ts';
import { useShowSavedWinc } from '../../features/my-wincs/api/use-my-wincs.ts';
import { MyWincsPage } from '../../features/my-wincs/components/my-wincs-page.tsx';
import { NewRepliesBadge, useNewReplyCounts } from '../../features/replies/components/new-replies-badge.tsx';
import { RequireSignIn } from '../../features/session/components/require-sign-in.tsx';
import { LazyShareCardDialog } from '../composition/share-dialog-loader.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { LazyCardEditorDialog } from '../composition/card-editor-loader.tsx';
import { KeepsakeActions, SaveAsVideoButton } from '../recipient/keepsake-actions-loader.tsx';

/** A card's replies and delivery log show in its details only: they come with them, not with the page. */
const RepliesList = lazy(() =>
  import('../../features/replies/components/replies-list.tsx').then((m) => ({ default: m.RepliesList })),
);
const DeliveryLogTimeline = lazy(() =>
  import('../../features/delivery/components/delivery-log-timeline.tsx').then((m) => ({
    default: m.DeliveryLogTimeline,
  })),
);

/**
 * `/my-wincs` — protected (SPEC §6); the user's paid cards, with the share dialog for a card's Share and the
 * card editor's one form for its Edit (SPEC §2 'Edit Card' with 'Save Changes'; the user stays on the list), and
 * the recipients' replies and the delivery logs.
 */
export function MyWincsRoute() {
  const { t } = useTranslation();
  const [shareId, setShareId] = useState<string | null>(null);
  const [editing, setEditing] = useState<MyWinc | null>(null);
  const showSaved = useShowSavedWinc();
  return (
    <RequireSignIn>
      <MyWincsWithReplies onShare={setShareId} onEdit={setEditing} />
      <LazyShareCardDialog open={shareId !== null} cardId={shareId} onClose={() => setShareId(null)} />
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

/**
 * My WINCS with the replies (DESIGN §1.21: a badge of new ones on each tile, the list in the details) and each
 * card's delivery log (§1.22) and its keepsakes.
 */
function MyWincsWithReplies(props: { onShare: (cardId: string) => void; onEdit: (card: MyWinc) => void }) {
  const counts = useNewReplyCounts();
  return (
    <MyWincsPage
      {...props}
      tileBadge={(card) => <NewRepliesBadge count={counts[card.id] ?? 0} />}
      replies={(card) => (
        <Suspense fallback={null}>
          <RepliesList cardId={card.id} recipientName={card.recipientName} />
        </Suspense>
      )}
      deliveryLog={(cardId) => (
        <Suspense fallback={null}>
          <DeliveryLogTimeline cardId={cardId} />
        </Suspense>
      )}
      keepsake={(card) => (
        <Suspense fallback={null}>
          {/* My WINCS lists paid cards, whose links never expire (DESIGN §1.21). */}
          <KeepsakeActions pdfUrl={keepsakesApi.ownerPdf(card.id)} neverExpires>
            <SaveAsVideoButton card={card} />
          </KeepsakeActions>
        </Suspense>
      )}
    />
  );
}
