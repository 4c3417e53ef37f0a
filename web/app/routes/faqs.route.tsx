import { LifeBuoy } from 'lucide-react';
import { useTranslation } from '../../lib/translation.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { paths } from '../../config/paths.ts';
import { FaqList } from '../../features/help/components/faq-list.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** `/faqs` — the 12 questions of SPEC §2 and the way to support. */
export function FaqsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('faq.title'));
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageIntro eyebrow={t('nav.support')} title={t('faq.title')} intro={t('faq.intro')} />
      <div className="mt-8">
        <FaqList />
      </div>
      <section className="mt-10 flex flex-col items-start gap-4 rounded-3xl bg-gradient-to-br from-plum-800 to-plum-950 p-6 text-white shadow-card sm:flex-row sm:items-center sm:p-8">
        <LifeBuoy aria-hidden="true" className="size-10 shrink-0 text-coral-300" />
        <div className="flex-1">
          <h2 className="text-lg font-black">{t('faq.contactTitle')}</h2>
          <p className="mt-1 text-sm leading-relaxed text-plum-100">{t('faq.contactBody')}</p>
        </div>
        <ButtonLink to={paths.help()} variant="inverse" size="lg">
          {t('faq.contactLink')}
        </ButtonLink>
      </section>
    </div>
  );
}
