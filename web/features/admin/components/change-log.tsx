import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useTranslation } from '../../../lib/translation.tsx';
import { useCatalogChanges } from '../api/use-admin.ts';

/** Every change to the catalog: when, who, what (newest first). */
export function ChangeLog() {
  const { t, i18n } = useTranslation();
  const changes = useCatalogChanges();
  if (changes.isError) return <ErrorState error={changes.error} onRetry={() => void changes.refetch()} />;
  if (!changes.data) return <Skeleton className="h-48 w-full rounded-2xl" />;
  if (changes.data.items.length === 0) return <p className="text-muted">{t('admin.changes.empty')}</p>;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ol className="space-y-2" data-testid="change-log">
      {changes.data.items.map((change) => (
        <li key={change.id} className="rounded-2xl border border-plum-100 bg-white p-3 text-sm shadow-xs">
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            <time dateTime={change.at} className="text-muted">
              {format.format(new Date(change.at))}
            </time>
            <span className="font-bold text-ink">{change.actorEmail}</span>
          </div>
          <p className="mt-1 text-ink">
            {t(`admin.changes.actions.${change.action}`)} {t(`admin.changes.kinds.${change.subjectKind}`)}{' '}
            {change.subjectName && <strong>{change.subjectName}</strong>}
            {change.fields.length > 0 && <span className="text-muted"> · {change.fields.join(', ')}</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}
