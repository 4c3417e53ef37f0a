import { useSession } from '../api/session-query.ts';
import { useLiveCredits } from '../api/use-live-credits.ts';

/** Mounted once in the layout: keeps the signed-in user's balance live for the whole app. */
export function SessionSync() {
  const { user } = useSession();
  useLiveCredits(user?.id ?? null);
  return null;
}
