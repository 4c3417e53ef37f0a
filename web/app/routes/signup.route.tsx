import { SignUpView } from '../../features/auth/components/sign-up-view.tsx';
import { useSession } from '../../features/session/api/session-query.ts';

/** `/signup` — create an account; afterwards the verify-your-email message. */
export function SignUpRoute() {
  const session = useSession();
  return <SignUpView session={session} />;
}
