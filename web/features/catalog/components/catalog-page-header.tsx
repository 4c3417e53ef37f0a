import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { IconLink } from '../../../components/icon-link.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';

interface CatalogPageHeaderProps {
  eyebrow: string;
  /** null while the title is still loading. */
  title: string | null;
  /** Template total, once known. */
  count?: number;
}

/** Title block of the category and style pages, with the back-to-home button. */
export function CatalogPageHeader({ eyebrow, title, count }: CatalogPageHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-3 sm:gap-4">
      <IconLink
        to={paths.home()}
        label={t('common.backToHome')}
        outline
        icon={<ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />}
        className="mt-1"
      />
      <div className="min-w-0">
        <p className="text-xs font-extrabold tracking-wide text-coral-700 uppercase">{eyebrow}</p>
        {title === null ? (
          <Skeleton className="mt-1 h-9 w-56 rounded-full" />
        ) : (
          <h1 className="mt-0.5 text-3xl leading-snug font-black text-balance break-words text-ink sm:text-4xl sm:leading-snug">
            {title}
          </h1>
        )}
        <p className="mt-1 min-h-5 text-sm text-muted">
          {count !== undefined && count > 0 ? t('catalog.templateCount', { count }) : ''}
        </p>
      </div>
    </div>
  );
}
