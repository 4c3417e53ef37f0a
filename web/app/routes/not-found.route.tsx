import { Home } from 'lucide-react';
import { useTranslation } from '../../lib/translation.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Any URL without a page: a friendly 404 with the way home. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center sm:py-24">
      <div aria-hidden="true" className="relative mb-8">
        <div className="rotate-[-6deg] rounded-3xl bg-gradient-to-br from-plum-700 to-coral-500 px-8 py-10 shadow-card-hover">
          <span lang="en" className="text-6xl font-black text-white">
            404
          </span>
        </div>
        <div className="absolute -end-4 -top-4 size-10 rotate-12 rounded-2xl bg-coral-200" />
      </div>
      <h1 className="text-3xl font-black text-ink sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-3 leading-relaxed text-muted">{t('notFound.message')}</p>
      <ButtonLink to={paths.home()} size="lg" className="mt-8">
        <Home aria-hidden="true" className="size-5" />
        {t('notFound.home')}
      </ButtonLink>
    </div>
  );
}
