import { useTranslation } from '../../lib/translation.tsx';
import { Link, NavLink } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { Logo } from '../../components/logo.tsx';
import { paths } from '../../config/paths.ts';
import { LanguageSwitcher } from '../../features/language/components/language-switcher.tsx';
import { useSession } from '../../features/session/api/session-query.ts';
import { CreditBalance } from '../../features/session/components/credit-balance.tsx';
import { UserMenu } from '../../features/session/components/user-menu.tsx';
import { cn } from '../../lib/cn.ts';
import { HeaderSearch } from './header-search.tsx';
import { MobileMenu } from './mobile-menu.tsx';

/**
 * The sticky site header. Wide screens: logo, Home/Pricing, search, language, Login/Sign Up (signed in: the
 * credit balance and the user menu). Below `lg` the
 * links, language and account buttons move into the mobile menu; the search stays in the bar from `md`.
 */
export function Header() {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const navLink = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-full px-3.5 py-2 text-sm font-bold transition-colors',
      isActive ? 'bg-plum-100 text-plum-900' : 'text-ink/80 hover:bg-plum-50 hover:text-plum-900',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-plum-100/80 bg-cream/90 backdrop-blur-md">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6 md:h-16 lg:gap-5 lg:px-8">
        <Link to={paths.home()} aria-label={t('header.homeLink')} className="shrink-0 rounded-xl">
          <Logo />
        </Link>
        <nav aria-label={t('header.mainNav')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to={paths.home()} end className={navLink}>
                {t('header.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.pricing()} className={navLink}>
                {t('header.pricing')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <HeaderSearch className="ms-auto hidden w-full max-w-sm md:block lg:max-w-xs xl:max-w-sm" />
        <div className="ms-auto flex items-center gap-2 md:ms-0">
          <div className="hidden items-center gap-2 lg:flex">
            <LanguageSwitcher className="w-36" />
            {user ? (
              <>
                <CreditBalance credits={user.credits} />
                <UserMenu user={user} />
              </>
            ) : status === 'signed-out' ? (
              <>
                <ButtonLink to={paths.signin()} variant="ghost">
                  {t('header.login')}
                </ButtonLink>
                <ButtonLink to={paths.signup()} variant="primary">
                  {t('header.signUp')}
                </ButtonLink>
              </>
            ) : null}
          </div>
          {user && <CreditBalance credits={user.credits} className="lg:hidden" />}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
