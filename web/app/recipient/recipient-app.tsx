import { Component, type ReactNode } from 'react';
import { RouteError } from '../layout/route-error.tsx';
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
 * The page a share link opens, `/c/{cardId}` (DESIGN §1.5), as its own small app: one page, so no router and
 * no query library in its code (docs/decisions/0018-first-paint.md). The server renders the same tree.
 */
export function RecipientApp({ cardId }: { cardId: string }) {
  return (
    <PageErrorBoundary>
      <RecipientLayout>
        <RecipientCardPage cardId={cardId} />
      </RecipientLayout>
    </PageErrorBoundary>
  );
}
