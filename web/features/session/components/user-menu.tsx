import { ChevronDown, CircleHelp, LayoutGrid, LogOut, Settings2, Sparkles, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '../../../../shared/accounts/accounts.contract.ts';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useSignOut } from '../api/use-sign-out.ts';
import { formatCredits } from './credit-balance.tsx';
import { UserAvatar } from './user-avatar.tsx';

const itemClass =
  'flex h-11 w-full items-center gap-3 rounded-xl px-3 text-start text-sm font-bold text-ink transition-colors hover:bg-plum-50 focus-visible:bg-plum-50';

/**
 * The signed-in user's menu in the header (SPEC §2 Header): the credit count, Profile, My WINCS, Help and
 * Logout. A disclosure: the button says whether it is open, Esc and a click outside close it, and so does
 * any navigation.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Open for the page it was opened on: moving to another page closes it (a state-only replace does not).
  const here = `${location.pathname}${location.search}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === here;
  const { signOut, pending } = useSignOut();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpenOn(null);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        data-testid="user-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('session.userMenu', { name: user.name })}
        onClick={() => setOpenOn(open ? null : here)}
        className="inline-flex h-10 items-center gap-1 rounded-full border border-plum-200 bg-white ps-0.5 pe-2 shadow-xs transition-colors hover:border-plum-300 hover:bg-plum-50"
      >
        <UserAvatar name={user.name} image={user.image} className="size-8" />
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 text-plum-700 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        <div
          id={panelId}
          data-testid="user-menu"
          className="menu-drop absolute end-0 top-full z-50 mt-2 w-72 rounded-3xl border border-plum-100 bg-white p-2 shadow-2xl"
        >
          <div className="flex items-center gap-3 px-3 pt-2 pb-3">
            <UserAvatar name={user.name} image={user.image} className="size-11 text-base" />
            <div className="min-w-0">
              <p className="truncate font-extrabold text-ink">{user.name}</p>
              <p className="truncate text-xs text-muted" dir="ltr">
                {user.email}
              </p>
            </div>
          </div>
          <div className="mx-1 mb-2 flex items-center justify-between rounded-2xl bg-coral-50 px-3 py-2.5">
            <span className="flex items-center gap-2 text-sm font-bold text-coral-900">
              <Sparkles aria-hidden="true" className="size-4 text-coral-500" />
              {t('session.credits')}
            </span>
            <span
              data-testid="user-menu-credits"
              className="text-base font-black text-coral-800 tabular-nums"
            >
              {formatCredits(user.credits, i18n.resolvedLanguage)}
            </span>
          </div>
          <ul className="space-y-0.5">
            <li>
              <Link to={paths.profile()} className={itemClass} onClick={close}>
                <UserRound aria-hidden="true" className="size-5 text-plum-600" />
                {t('session.profile')}
              </Link>
            </li>
            <li>
              <Link to={paths.myWincs()} className={itemClass} onClick={close}>
                <LayoutGrid aria-hidden="true" className="size-5 text-plum-600" />
                {t('session.myWincs')}
              </Link>
            </li>
            {user.isAdmin && (
              <li>
                <Link to={paths.admin()} className={itemClass} onClick={close}>
                  <Settings2 aria-hidden="true" className="size-5 text-plum-600" />
                  {t('session.admin')}
                </Link>
              </li>
            )}
            <li>
              <Link to={paths.help()} className={itemClass} onClick={close}>
                <CircleHelp aria-hidden="true" className="size-5 text-plum-600" />
                {t('session.help')}
              </Link>
            </li>
            <li className="mt-1 border-t border-plum-100 pt-1">
              <button
                type="button"
                className={cn(itemClass, 'text-coral-800 hover:bg-coral-50')}
                disabled={pending}
                onClick={() => void signOut()}
              >
                <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
                {pending ? t('session.signingOut') : t('session.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
