import { LayoutGrid, LogOut, Settings2, Sparkles, UserRound } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../../shared/accounts/accounts.contract.ts';
import { paths } from '../../../config/paths.ts';
import { useSignOut } from '../api/use-sign-out.ts';
import { formatCredits } from './credit-balance.tsx';
import { UserAvatar } from './user-avatar.tsx';

const rowClass =
  'flex h-12 w-full items-center gap-3 rounded-2xl px-4 text-start text-base font-bold text-ink transition-colors hover:bg-plum-50';

/** The signed-in part of the mobile menu: who is signed in, the balance, Profile, My WINCS and Logout. */
export function MobileAccountSection({ user, onNavigate }: { user: CurrentUser; onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const { signOut, pending } = useSignOut();
  return (
    <section aria-label={t('session.account')} className="rounded-3xl border border-plum-100 bg-white p-2">
      <div className="flex items-center gap-3 px-3 pt-2 pb-3">
        <UserAvatar name={user.name} image={user.image} className="size-11 text-base" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-extrabold text-ink">{user.name}</p>
          <p className="truncate text-xs text-muted" dir="ltr">
            {user.email}
          </p>
        </div>
        <span
          data-testid="mobile-credits"
          className="inline-flex items-center gap-1 rounded-full bg-coral-50 px-3 py-1 text-sm font-black text-coral-800 tabular-nums"
          aria-label={t('session.creditBalance', { count: user.credits })}
        >
          <Sparkles aria-hidden="true" className="size-4 text-coral-500" />
          <span aria-hidden="true">{formatCredits(user.credits, i18n.resolvedLanguage)}</span>
        </span>
      </div>
      <ul className="space-y-0.5">
        <li>
          <Link to={paths.profile()} className={rowClass} onClick={onNavigate}>
            <UserRound aria-hidden="true" className="size-5 text-plum-600" />
            {t('session.profile')}
          </Link>
        </li>
        <li>
          <Link to={paths.myWincs()} className={rowClass} onClick={onNavigate}>
            <LayoutGrid aria-hidden="true" className="size-5 text-plum-600" />
            {t('session.myWincs')}
          </Link>
        </li>
        {user.isAdmin && (
          <li>
            <Link to={paths.admin()} className={rowClass} onClick={onNavigate}>
              <Settings2 aria-hidden="true" className="size-5 text-plum-600" />
              {t('session.admin')}
            </Link>
          </li>
        )}
        <li>
          <button
            type="button"
            className={`${rowClass} text-coral-800 hover:bg-coral-50`}
            disabled={pending}
            onClick={() => {
              onNavigate();
              void signOut();
            }}
          >
            <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            {pending ? t('session.signingOut') : t('session.logout')}
          </button>
        </li>
      </ul>
    </section>
  );
}
