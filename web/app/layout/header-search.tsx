import { useTranslation } from '../../lib/translation.tsx';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchInput } from '../../components/search-input.tsx';
import { paths } from '../../config/paths.ts';

/** The header's 'Search WINCS...' box: submitting searches all templates on the home page (`/?q=`). */
export function HeaderSearch({ className, onSearch }: { className?: string; onSearch?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const current = location.pathname === paths.home() ? (searchParams.get('q') ?? '') : '';

  return (
    <SearchInput
      className={className}
      value={current}
      action={paths.home()}
      label={t('header.searchPlaceholder')}
      placeholder={t('header.searchPlaceholder')}
      onSearch={(q) => {
        onSearch?.();
        void navigate(paths.home({ q }));
      }}
    />
  );
}
