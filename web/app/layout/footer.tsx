import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { paths } from '../../config/paths.ts';
import { BASED_ON_RANK_CATEGORY, NEW_DROPS_CATEGORY } from '../../../shared/constants.ts';
import { useAppInfo } from '../../features/app-info/api/use-app-info.ts';
import { StyleLinkList, useHasStyles } from '../../features/catalog/components/style-links.tsx';

const linkClass = 'rounded text-sm text-plum-100 hover:text-white hover:underline';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-xs font-extrabold tracking-wide text-coral-300 uppercase">{title}</h2>
      {children}
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const hasStyles = useHasStyles();
  // The local mailbox exists only while the server keeps mail in its outbox (no SMTP), for this visitor.
  const showMailbox = useAppInfo().data?.localMailbox === true;
  return (
    <footer className="mt-16 bg-plum-950 text-plum-100">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
          <div className="max-w-xs">
            <Logo inverse />
            <p className="mt-4 text-sm leading-relaxed text-plum-200">{t('footer.tagline')}</p>
          </div>
          <nav aria-label={t('footer.label')} className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            <Column title={t('nav.explore')}>
              <ul className="space-y-2.5">
                <li>
                  <Link to={paths.home()} className={linkClass}>
                    {t('header.home')}
                  </Link>
                </li>
                <li>
                  <Link to={paths.category(NEW_DROPS_CATEGORY)} className={linkClass}>
                    {t('catalog.newDrops')}
                  </Link>
                </li>
                <li>
                  <Link to={paths.category(BASED_ON_RANK_CATEGORY)} className={linkClass}>
                    {t('catalog.allTemplates')}
                  </Link>
                </li>
                <li>
                  <Link to={paths.pricing()} className={linkClass}>
                    {t('header.pricing')}
                  </Link>
                </li>
              </ul>
            </Column>
            {hasStyles && (
              <Column title={t('nav.styles')}>
                <StyleLinkList className="space-y-2.5" linkClassName={linkClass} />
              </Column>
            )}
            <Column title={t('nav.support')}>
              <ul className="space-y-2.5">
                <li>
                  <Link to={paths.help()} className={linkClass}>
                    {t('nav.help')}
                  </Link>
                </li>
                <li>
                  <Link to={paths.faqs()} className={linkClass}>
                    {t('nav.faqs')}
                  </Link>
                </li>
                {showMailbox && (
                  <li>
                    <Link to={paths.mailbox()} className={linkClass}>
                      {t('mailbox.navLink')}
                    </Link>
                  </li>
                )}
              </ul>
            </Column>
          </nav>
        </div>
        <p className="mt-10 border-t border-white/10 pt-6 text-xs text-plum-300">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
