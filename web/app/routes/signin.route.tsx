import { SignInView } from '../../features/auth/components/sign-in-view.tsx';
import { useSession } from '../../features/session/api/session-query.ts';

/** `/signin` — the auth feature's screen, given the session to check and refresh. */
export function SignInRoute() {
  const session = useSession();
  return <SignInView session={session} />;
}
