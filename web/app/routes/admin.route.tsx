import { ShieldOff } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { useAdminCatalog } from '../../features/admin/api/use-admin.ts';
import { CatalogTransfer } from '../../features/admin/components/catalog-transfer.tsx';
import { CategoryList } from '../../features/admin/components/category-list.tsx';
import { ChangeLog } from '../../features/admin/components/change-log.tsx';
import { HomePreview } from '../../features/admin/components/home-preview.tsx';
import { StyleEventList } from '../../features/admin/components/style-event-lists.tsx';
import { TemplateList } from '../../features/admin/components/template-list.tsx';
import { UsageTable } from '../../features/admin/components/usage-table.tsx';
import { useSession } from '../../features/session/api/session-query.ts';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const TABS = [
  'templates',
  'categories',
  'styles',
  'events',
  'usage',
  'changes',
  'preview',
  'transfer',
] as const;
type Tab = (typeof TABS)[number];

/**
 * `/admin` — the catalog managed in the app (DESIGN §1.16), for admins only: anyone else sees that the page
 * does not exist, as the API answers them. One section at a time, picked by `?tab=`.
 */
export function AdminRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const session = useSession();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'templates';
  const isAdmin = session.user?.isAdmin === true;
  const catalog = useAdminCatalog(isAdmin);

  if (session.status === 'loading') return <Skeleton className="mx-auto my-10 h-64 max-w-5xl rounded-3xl" />;
  if (!isAdmin) {
    return <EmptyState icon={<ShieldOff className="size-7" />} title={t('admin.notAllowed')} />;
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageIntro eyebrow={t('admin.eyebrow')} title={t('admin.title')} />
      <nav aria-label={t('admin.title')} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2">
          {TABS.map((name) => (
            <li key={name}>
              <Link
                to={paths.admin({ tab: name })}
                aria-current={name === tab ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-bold whitespace-nowrap',
                  name === tab ? 'bg-plum-700 text-white' : 'bg-plum-50 text-plum-800 hover:bg-plum-100',
                )}
              >
                {t(`admin.tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {catalog.isError ? (
        <ErrorState error={catalog.error} onRetry={() => void catalog.refetch()} />
      ) : !catalog.data ? (
        <Skeleton className="h-64 w-full rounded-3xl" />
      ) : tab === 'templates' ? (
        <TemplateList catalog={catalog.data} />
      ) : tab === 'categories' ? (
        <CategoryList catalog={catalog.data} />
      ) : tab === 'styles' || tab === 'events' ? (
        <StyleEventList key={tab} catalog={catalog.data} kind={tab} />
      ) : tab === 'usage' ? (
        <UsageTable catalog={catalog.data} />
      ) : tab === 'changes' ? (
        <ChangeLog catalog={catalog.data} />
      ) : tab === 'preview' ? (
        <HomePreview />
      ) : (
        <CatalogTransfer />
      )}
    </div>
  );
}
