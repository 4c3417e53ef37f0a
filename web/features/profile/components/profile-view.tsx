import {
  ChevronRight,
  CircleHelp,
  FileQuestion,
  LayoutGrid,
  LogOut,
  Sparkles,
  UserRoundCog,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FacebookIcon, InstagramIcon, TikTokIcon, XIcon } from './social-icons.tsx';

/** Winc's social profiles (Contact Us). */
export const SOCIAL_LINKS = [
  { id: 'instagram', name: 'Instagram', href: 'https://instagram.com/winc.cards', Icon: InstagramIcon },
  { id: 'tiktok', name: 'TikTok', href: 'https://www.tiktok.com/@winc.cards', Icon: TikTokIcon },
  { id: 'x', name: 'X', href: 'https://x.com/winccards', Icon: XIcon },
  { id: 'facebook', name: 'Facebook', href: 'https://facebook.com/winc.cards', Icon: FacebookIcon },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-2 px-1 text-xs font-extrabold tracking-wide text-coral-700 uppercase">{title}</h2>
      <div className="overflow-hidden rounded-3xl border border-plum-100/80 bg-white shadow-card">
        {children}
      </div>
    </section>
  );
}

const rowClass =
  'flex min-h-14 items-center gap-3 px-4 py-3 text-start font-bold text-ink transition-colors hover:bg-plum-50 sm:px-5';

function RowLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link to={to} className={rowClass}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-plum-50 text-plum-700">
        {icon}
      </span>
      <span className="flex-1">{children}</span>
      <ChevronRight aria-hidden="true" className="size-5 text-plum-400 rtl:-scale-x-100" />
    </Link>
  );
}

export interface ProfileUser {
  name: string;
  email: string;
  credits: number;
}

/**
 * /profile (SPEC §2 Profile): who is signed in, then My Cards, Settings (Account Info, Language), Support
 * (Help, FAQs), Contact Us and Sign Out. The route hands in the avatar, the language picker and sign-out.
 */
export function ProfileView({
  user,
  avatar,
  credits,
  languagePicker,
  settings,
  onSignOut,
  signingOut,
}: {
  user: ProfileUser;
  avatar: ReactNode;
  credits: string;
  languagePicker: ReactNode;
  /** More settings under the language (another feature's: the reply mails switch). */
  settings?: ReactNode;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
      <h1 className="sr-only">{t('profile.title')}</h1>
      <div className="hero-surface relative mb-8 overflow-hidden rounded-3xl px-5 py-6 text-white shadow-card sm:px-7">
        <div aria-hidden="true" className="hero-glow-warm absolute -end-16 -top-16 size-56 opacity-70" />
        <div className="relative flex items-center gap-4">
          {avatar}
          <div className="min-w-0 flex-1">
            <p className="truncate text-xl font-black">{user.name}</p>
            <p className="truncate text-sm text-plum-100" dir="ltr">
              {user.email}
            </p>
          </div>
          <Link
            to={paths.pricing()}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-white/15 px-3 py-1.5 text-sm font-extrabold tabular-nums hover:bg-white/25"
            aria-label={t('profile.creditsLabel', { count: user.credits })}
          >
            <Sparkles aria-hidden="true" className="size-4 text-coral-300" />
            <span aria-hidden="true">{credits}</span>
          </Link>
        </div>
      </div>

      <div className="grid gap-7">
        <Section title={t('profile.myCards')}>
          <RowLink to={paths.myWincs()} icon={<LayoutGrid aria-hidden="true" className="size-5" />}>
            {t('profile.myWincs')}
          </RowLink>
        </Section>

        <Section title={t('profile.settings')}>
          <RowLink to={paths.accountInfo()} icon={<UserRoundCog aria-hidden="true" className="size-5" />}>
            {t('profile.accountInfo')}
          </RowLink>
          <div className="border-t border-plum-100 px-4 py-4 sm:px-5">{languagePicker}</div>
          {settings && <div className="border-t border-plum-100 px-4 py-4 sm:px-5">{settings}</div>}
        </Section>

        <Section title={t('profile.support')}>
          <RowLink to={paths.help()} icon={<CircleHelp aria-hidden="true" className="size-5" />}>
            {t('profile.help')}
          </RowLink>
          <div className="border-t border-plum-100">
            <RowLink to={paths.faqs()} icon={<FileQuestion aria-hidden="true" className="size-5" />}>
              {t('profile.faqs')}
            </RowLink>
          </div>
        </Section>

        <Section title={t('profile.contactUs')}>
          <ul className="flex flex-wrap gap-3 px-4 py-4 sm:px-5">
            {SOCIAL_LINKS.map(({ id, name, href, Icon }) => (
              <li key={id}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('profile.socialLink', { network: name })}
                  title={name}
                  className="inline-flex size-12 items-center justify-center rounded-full border border-plum-200 bg-white text-plum-800 transition-colors hover:border-plum-300 hover:bg-plum-50"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </Section>

        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className={cn(
            'flex h-14 items-center justify-center gap-2 rounded-3xl border border-coral-200 bg-white font-extrabold text-coral-800 shadow-card transition-colors hover:bg-coral-50 disabled:opacity-60',
          )}
        >
          <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          {signingOut ? t('profile.signingOut') : t('profile.signOut')}
        </button>
      </div>
    </div>
  );
}
