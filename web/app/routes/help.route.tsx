import { BookOpen, MailCheck, MessageCircleReply } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { paths } from '../../config/paths.ts';
import { HelpRequestForm } from '../../features/help/components/help-request-form.tsx';
import { useCurrentUser } from '../../features/session/api/session-query.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** `/help` — the Help Center: the request form, with the FAQs one click away. */
export function HelpRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('help.title'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <PageIntro eyebrow={t('nav.support')} title={t('help.title')} intro={t('help.intro')} />
      <div className="mt-8 grid items-start gap-6 lg:mt-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
        <section
          aria-labelledby="help-form-title"
          className="rounded-3xl border border-plum-100 bg-white p-5 shadow-card sm:p-8"
        >
          <h2 id="help-form-title" className="text-xl font-black text-ink">
            {t('help.formTitle')}
          </h2>
          <p className="mt-1 mb-6 text-sm text-muted">{t('help.requiredNote')}</p>
          <HelpRequestForm signedInEmail={user?.email ?? null} />
        </section>
        <aside className="space-y-4">
          <div className="rounded-3xl bg-gradient-to-br from-plum-800 to-plum-950 p-6 text-white shadow-card sm:p-7">
            <BookOpen aria-hidden="true" className="size-7 text-coral-300" />
            <h2 className="mt-3 text-lg font-black">{t('help.faqTitle')}</h2>
            <p className="mt-1.5 text-sm leading-relaxed text-plum-100">{t('help.faqBody')}</p>
            <ButtonLink to={paths.faqs()} variant="inverse" className="mt-5">
              {t('help.faqLink')}
            </ButtonLink>
          </div>
          <div className="rounded-3xl border border-plum-100 bg-white p-6 sm:p-7">
            <h2 className="text-lg font-black text-ink">{t('help.nextTitle')}</h2>
            <ul className="mt-4 space-y-4 text-sm leading-relaxed text-muted">
              <NextStep icon={<MailCheck className="size-5" />}>{t('help.nextCopy')}</NextStep>
              <NextStep icon={<MessageCircleReply className="size-5 rtl:-scale-x-100" />}>
                {t('help.nextReply')}
              </NextStep>
            </ul>
          </div>
        </aside>
      </div>
    </div>
  );
}

function NextStep({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-coral-50 text-coral-600"
      >
        {icon}
      </span>
      <span className="pt-1.5">{children}</span>
    </li>
  );
}
