import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { GuestDeliveryState, MailGuestsButton } from '../../features/delivery/components/guest-delivery.tsx';
import { GuestListPage } from '../../features/guest-list/components/guest-list-page.tsx';
import { RequireSignIn } from '../../features/session/components/require-sign-in.tsx';

/**
 * `/my-wincs/:cardId/guests` — protected (SPEC §6); an invitation's guests for its host (DESIGN §1.20). An
 * invitation not paid yet is shared as any card: to checkout with it, whose share dialog ends on My WINCS.
 */
export function GuestListRoute() {
  const { cardId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <RequireSignIn>
      <GuestListPage
        cardId={cardId}
        onShare={(card) =>
          void navigate(paths.checkout(), {
            state: { cardId: card.id, templateImage: card.templateImageUrl },
          })
        }
        emailDelivery={{
          send: <MailGuestsButton cardId={cardId} />,
          guestState: (guestId) => <GuestDeliveryState cardId={cardId} guestId={guestId} />,
        }}
      />
    </RequireSignIn>
  );
}
