import { ResetPasswordView } from '../../features/auth/components/reset-password-view.tsx';

/** `/reset-password` — ask for a reset link, or (`?token=`) set the new password. */
export function ResetPasswordRoute() {
  return <ResetPasswordView />;
}
