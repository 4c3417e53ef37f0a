import { ChoosePasswordView } from '../../features/auth/components/choose-password-view.tsx';
import { useSession } from '../../features/session/api/session-query.ts';

/** `/choose-password` — a verification link opened in another browser: choose the password, then go on. */
export function ChoosePasswordRoute() {
  const session = useSession();
  return <ChoosePasswordView session={session} />;
}
