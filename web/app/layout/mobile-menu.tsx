import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/translation.tsx';
import { NavLink, useLocation } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { paths } from '../../config/paths.ts';
import { StyleLinkList, useHasStyles } from '../../features/catalog/components/style-links.tsx';
import { LanguageSwitcher } from '../../features/language/components/language-switcher.tsx';
import { useSession } from '../../features/session/api/session-query.ts';
import { MobileAccountSection } from '../../features/session/components/mobile-account-section.tsx';
import { cn } from '../../lib/cn.ts';
import { HeaderSearch } from './header-search.tsx';

const PANEL_ID = 'mobile-menu';
const eyebrow = 'px-1 text-xs font-extrabold tracking-wide text-coral-700 uppercase';

/**
 * The hamburger menu of small screens: search, links, styles, language, Login and Sign Up (or the signed-in
 * account section). It is open only
 * for the page it was opened on, so any navigation closes it.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const close = () => setOpenOn(null);
  const hasStyles = useHasStyles();
  const { user } = useSession();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex h-12 items-center rounded-2xl px-4 text-base font-bold transition-colors',
      isActive ? 'bg-plum-100 text-plum-900' : 'text-ink hover:bg-plum-50',
    );

  return (
    <div className="lg:hidden">
      <IconButton
        label={open ? t('header.closeMenu') : t('header.openMenu')}
        aria-expanded={open}
        aria-controls={PANEL_ID}
        icon={
          open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />
        }
        onClick={() => setOpenOn(open ? null : location.key)}
      />
      {open &&
        createPortal(
          <>
            <div
              aria-hidden="true"
              onClick={close}
              className="fixed inset-x-0 top-14 bottom-0 z-30 bg-plum-950/40 backdrop-blur-[2px] md:top-16"
            />
            <nav
              id={PANEL_ID}
              aria-label={t('header.mobileNav')}
              data-scroll-lock=""
              className="menu-drop fixed inset-x-0 top-14 z-40 max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-plum-100 bg-cream shadow-2xl md:top-16 md:max-h-[calc(100dvh-4rem)]"
            >
              <div className="mx-auto max-w-lg space-y-6 px-4 py-5">
                <HeaderSearch className="md:hidden" onSearch={close} />
                <ul className="space-y-1">
                  <li>
                    <NavLink to={paths.home()} end className={link} onClick={close}>
                      {t('header.home')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.pricing()} className={link} onClick={close}>
                      {t('header.pricing')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.help()} className={link} onClick={close}>
                      {t('nav.help')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.faqs()} className={link} onClick={close}>
                      {t('nav.faqs')}
                    </NavLink>
                  </li>
                </ul>
                {hasStyles && (
                  <div>
                    <p className={cn(eyebrow, 'mb-2')}>{t('nav.styles')}</p>
                    <StyleLinkList
                      onNavigate={close}
                      className="flex flex-wrap gap-2"
                      linkClassName="inline-flex h-10 items-center rounded-full border border-plum-200 bg-white px-4 text-sm font-bold text-plum-900 hover:bg-plum-50"
                    />
                  </div>
                )}
                <LanguageSwitcher showLabel labelClassName={eyebrow} />
                {user ? (
                  <div className="pb-2">
                    <MobileAccountSection user={user} onNavigate={close} />
                  </div>
                ) : (
                  <div className="grid grid-cols-2 gap-3 pb-2">
                    <ButtonLink to={paths.signin()} variant="secondary" size="lg" onClick={close}>
                      {t('header.login')}
                    </ButtonLink>
                    <ButtonLink to={paths.signup()} variant="primary" size="lg" onClick={close}>
                      {t('header.signUp')}
                    </ButtonLink>
                  </div>
                )}
              </div>
            </nav>
          </>,
          document.body,
        )}
    </div>
  );
}
