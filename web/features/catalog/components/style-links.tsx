import { Palette } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import { ChipLink } from '../../../components/chip.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useCatalogLists } from '../api/use-catalog-lists.ts';
import { useLocalizedName } from '../../../lib/use-localized-name.ts';

/** "Browse by style": a chip per active style, linking to its style page (home, below the sections). */
export function BrowseByStyle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  const headingId = useId();
  const { data } = useCatalogLists();
  if (!data || data.styles.length === 0) return null;
  return (
    <nav aria-labelledby={headingId} className={cn('rounded-3xl bg-white p-5 shadow-card sm:p-6', className)}>
      <h2 id={headingId} className="mb-4 text-lg font-extrabold text-ink">
        {t('home.browseByStyle')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {data.styles.map((style) => (
          <li key={style.id}>
            <ChipLink
              to={paths.style(style.name)}
              icon={<Palette aria-hidden="true" className="size-4 text-coral-600" />}
            >
              {localized(style)}
            </ChipLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The styles as a plain list of links (footer, mobile menu). */
export function StyleLinkList({
  className,
  linkClassName,
  onNavigate,
}: {
  className?: string;
  linkClassName?: string;
  onNavigate?: () => void;
}) {
  const localized = useLocalizedName();
  const { data } = useCatalogLists();
  if (!data || data.styles.length === 0) return null;
  return (
    <ul className={className}>
      {data.styles.map((style) => (
        <li key={style.id}>
          <Link to={paths.style(style.name)} onClick={onNavigate} className={linkClassName}>
            {localized(style)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Whether there are styles to list (so a caller can hide the heading above an empty list). */
export function useHasStyles(): boolean {
  const { data } = useCatalogLists();
  return (data?.styles.length ?? 0) > 0;
}
