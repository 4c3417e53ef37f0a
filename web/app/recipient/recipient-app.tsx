import { Component, type ReactNode } from 'react';
import type { RecipientPage } from './recipient-path.ts';
import { RouteError } from '../layout/route-error.tsx';
import { GuestInvitationPage } from './guest-invitation-page.tsx';
import { RecipientCardPage } from './recipient-card-page.tsx';
import { RecipientLayout } from './recipient-layout.tsx';

/** What a failure no screen handled leaves: the app's last-resort page, as the router shows it elsewhere. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * The page a share link opens, `/c/{cardId}` (DESIGN §1.5), or an invitation's guest's own link, `/i/{token}`
 * (DESIGN §1.20), as its own small app: its path picks the page, so no router and no query library in its
 * code (docs/decisions/0018-first-paint.md). The server renders the same tree.
 */
export function RecipientApp({ page }: { page: RecipientPage }) {
  return (
    <PageErrorBoundary>
      <RecipientLayout>
        {page.kind === 'guest' ? (
          <GuestInvitationPage token={page.token} />
        ) : (
          <RecipientCardPage cardId={page.cardId} />
        )}
      </RecipientLayout>
    </PageErrorBoundary>
  );
}
