import { useTranslation } from '../../lib/translation.tsx';
import { LanguageSwitcher } from '../../features/language/components/language-switcher.tsx';
import { ProfileView } from '../../features/profile/components/profile-view.tsx';
import { ReplyMailSwitch } from '../../features/replies/components/reply-mail-switch.tsx';
import { useSession } from '../../features/session/api/session-query.ts';
import { useSignOut } from '../../features/session/api/use-sign-out.ts';
import { formatCredits } from '../../features/session/components/credit-balance.tsx';
import { RequireSignIn } from '../../features/session/components/require-sign-in.tsx';
import { UserAvatar } from '../../features/session/components/user-avatar.tsx';

/**
 * `/profile` — protected; composes the profile menu with the session, avatar, language picker and the reply
 * mails switch.
 */
export function ProfileRoute() {
  return (
    <RequireSignIn>
      <Profile />
    </RequireSignIn>
  );
}

function Profile() {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const { signOut, pending } = useSignOut();
  if (!user) return null;
  return (
    <ProfileView
      user={user}
      avatar={
        <UserAvatar name={user.name} image={user.image} className="size-16 text-2xl ring-4 ring-white/20" />
      }
      credits={formatCredits(user.credits, i18n.resolvedLanguage)}
      languagePicker={<LanguageSwitcher showLabel labelClassName="text-sm font-bold text-ink" />}
      settings={<ReplyMailSwitch />}
      onSignOut={() => void signOut()}
      signingOut={pending}
    />
  );
}
