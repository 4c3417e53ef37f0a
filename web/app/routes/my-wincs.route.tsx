import { useState } from 'react';
import { MyWincsPage } from '../../features/my-wincs/components/my-wincs-page.tsx';
import { RequireSignIn } from '../../features/session/components/require-sign-in.tsx';
import { ShareCardDialog } from '../../features/share/components/share-card-dialog.tsx';

/** `/my-wincs` — protected (SPEC §6); the user's paid cards, with the share dialog for a card's Share. */
export function MyWincsRoute() {
  const [shareId, setShareId] = useState<string | null>(null);
  return (
    <RequireSignIn>
      <MyWincsPage onShare={setShareId} />
      <ShareCardDialog open={shareId !== null} cardId={shareId} onClose={() => setShareId(null)} />
    </RequireSignIn>
  );
}
