import {
  NO_USAGE,
  USAGE_FIELDS,
  type AdminCatalog,
  type UsageCounts,
} from '../../../../shared/admin/admin.contract.ts';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useTranslation } from '../../../lib/translation.tsx';
import { useAdminUsage } from '../api/use-admin.ts';
import { AdminName } from './admin-fields.tsx';
import type { Translations } from '../../../../shared/i18n/languages.ts';

function Table({
  title,
  rows,
}: {
  title: string;
  rows: { item: { name: string; translations?: Translations }; counts: UsageCounts }[];
}) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-2xl border border-plum-100 bg-white">
      <table className="w-full text-sm">
        <caption className="p-3 text-start text-base font-extrabold text-ink">{title}</caption>
        <thead>
          <tr className="border-b border-plum-100 text-muted">
            <th className="p-3 text-start">{t('admin.usage.name')}</th>
            {USAGE_FIELDS.map((column) => (
              <th key={column} className="p-3 text-end">
                {t(`admin.usage.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ item, counts }) => (
            <tr key={counts.id} className="border-b border-plum-50">
              <td className="p-3">
                <AdminName item={item} />
              </td>
              {USAGE_FIELDS.map((column) => (
                <td key={column} className="p-3 text-end tabular-nums">
                  {counts[column]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What senders choose: per category and template, most shared in 30 days first. */
export function UsageTable({ catalog }: { catalog: AdminCatalog }) {
  const { t } = useTranslation();
  const usage = useAdminUsage();
  if (usage.isError) return <ErrorState error={usage.error} onRetry={() => void usage.refetch()} />;
  if (!usage.data) return <Skeleton className="h-48 w-full rounded-2xl" />;
  const zero = (id: string): UsageCounts => ({ ...NO_USAGE, id });
  const byShares = (a: { counts: UsageCounts }, b: { counts: UsageCounts }) =>
    b.counts.shared30 - a.counts.shared30 || b.counts.made30 - a.counts.made30;
  const categoryCounts = new Map(usage.data.categories.map((c) => [c.id, c]));
  const templateCounts = new Map(usage.data.templates.map((c) => [c.id, c]));
  return (
    <section className="space-y-4">
      <p className="text-sm text-muted">{t('admin.usage.intro')}</p>
      <Table
        title={t('admin.usage.categories')}
        rows={catalog.categories
          .map((c) => ({ item: c, counts: categoryCounts.get(c.id) ?? zero(c.id) }))
          .sort(byShares)}
      />
      <Table
        title={t('admin.usage.templates')}
        rows={catalog.templates
          .map((c) => ({
            item: { name: c.name, translations: c.translations.name },
            counts: templateCounts.get(c.id) ?? zero(c.id),
          }))
          .sort(byShares)}
      />
    </section>
  );
}
