import { lazy, Suspense } from 'react';
import editorStrings from 'virtual:strings/editor';
import { includesAdvancedAi } from '../../../shared/payments/plans.ts';
import type { CardFormPurpose } from '../../features/card-editor/components/card-editor-dialog.tsx';
import type { CardEditorTarget } from '../../features/card-editor/hooks/use-card-editor.ts';
import { useCurrentUser } from '../../features/session/api/session-query.ts';
import { withStrings } from '../../lib/i18n.ts';
import { useOnceOpened } from '../../lib/use-once-opened.ts';

/**
 * The card editor's code (its form library, media, upload and compression code) and strings, fetched apart
 * from the pages that open it: the catalog pages and My WINCS load without it.
 */
export const loadEditorDialog = () =>
  withStrings(import('../../features/card-editor/components/card-editor-dialog.tsx'), editorStrings);
const CardEditorDialog = lazy(() => loadEditorDialog().then((m) => ({ default: m.CardEditorDialog })));

/**
 * The card editor (one form for creating a card and for every edit), told whether the sender's plan writes
 * in other languages and the account's name that signs a new card, loaded the first time it opens.
 */
export function LazyCardEditorDialog({
  target,
  onClose,
  purpose,
}: {
  target: CardEditorTarget | null;
  onClose: () => void;
  purpose?: CardFormPurpose;
}) {
  const user = useCurrentUser();
  const shown = useOnceOpened(target !== null);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <CardEditorDialog
        target={target}
        onClose={onClose}
        multilingual={includesAdvancedAi(user?.tier ?? null)}
        accountName={user?.name ?? null}
        purpose={purpose}
      />
    </Suspense>
  );
}
