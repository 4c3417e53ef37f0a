import { ArrowRight } from 'lucide-react';
import type {
  AdminCatalog,
  AdminField,
  CatalogChange,
  ChangeValue,
  FieldChange,
} from '../../../../shared/admin/admin.contract.ts';
import type { Translations } from '../../../../shared/i18n/languages.ts';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useTranslation } from '../../../lib/translation.tsx';
import { useCatalogChanges } from '../api/use-admin.ts';
import { useAdminNameText } from './admin-fields.tsx';

/** What an empty value means for a field: no style, unranked, no artwork, else just empty. */
const NO_VALUE: Partial<Record<AdminField, string>> = {
  style: 'admin.fields.noStyle',
  rank: 'admin.unranked',
  artwork: 'admin.noArtwork',
};

/** A value as the admin reads it: a name in their language, yes or no, a date, "new image". */
function Value({ field, value }: { field: AdminField; value: ChangeValue }) {
  const { t, i18n } = useTranslation();
  const nameText = useAdminNameText();
  switch (value.kind) {
    case 'text':
      return <bdi className="font-bold text-ink">{value.text}</bdi>;
    case 'list':
      return <bdi className="font-bold text-ink">{value.items.join(', ')}</bdi>;
    case 'number':
      return (
        <span className="font-bold text-ink">{new Intl.NumberFormat(i18n.language).format(value.value)}</span>
      );
    case 'boolean':
      return (
        <span className="font-bold text-ink">
          {t(value.value ? 'admin.changes.yes' : 'admin.changes.no')}
        </span>
      );
    case 'date':
      return (
        <time dateTime={value.at} className="font-bold text-ink">
          {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(value.at),
          )}
        </time>
      );
    case 'reference':
      return <span className="font-bold text-ink">{nameText(value)}</span>;
    case 'image':
      return <span className="font-bold text-ink">{t('admin.changes.image')}</span>;
    case 'none':
      return <span className="text-muted">{t(NO_VALUE[field] ?? 'admin.changes.noValue')}</span>;
  }
}

/** One field's change: its form label, then the value it had and the one it took (a new row: its value). */
function FieldLine({ change }: { change: FieldChange }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center gap-x-1.5">
      <span className="text-muted">{t(`admin.fields.${change.field}`)}:</span>
      {change.before !== null && (
        <>
          <Value field={change.field} value={change.before} />
          <ArrowRight aria-hidden="true" className="size-3.5 text-muted rtl:-scale-x-100" />
          <span className="sr-only">{t('admin.changes.becomes')}</span>
        </>
      )}
      <Value field={change.field} value={change.after} />
    </li>
  );
}

/** What the line changed: each field with its values, or (older lines) the fields' labels, or an import's counts. */
function Details({ change }: { change: CatalogChange }) {
  const { t } = useTranslation();
  if (change.changes.length > 0) {
    return (
      <ul className="mt-1 space-y-0.5">
        {change.changes.map((fieldChange) => (
          <FieldLine key={fieldChange.field} change={fieldChange} />
        ))}
      </ul>
    );
  }
  if (change.imported) {
    const { mode, ...counts } = change.imported;
    return (
      <p className="mt-1 text-muted">
        {(['categories', 'styles', 'events', 'templates'] as const)
          .map((kind) => `${t(`admin.tabs.${kind}`)}: ${counts[kind]}`)
          .join(' · ')}
        {' · '}
        {t(`admin.transfer.${mode}`)}
      </p>
    );
  }
  if (change.fields.length === 0) return null;
  return (
    <p className="mt-1 text-muted">{change.fields.map((field) => t(`admin.fields.${field}`)).join(', ')}</p>
  );
}

/**
 * Every change to the catalog, newest first: when, who, what, and each field changed by its form label with
 * the value it had and took. Rows still in the catalog are named in the admin's language.
 */
export function ChangeLog({ catalog }: { catalog: AdminCatalog }) {
  const { t, i18n } = useTranslation();
  const nameText = useAdminNameText();
  const changes = useCatalogChanges();
  if (changes.isError) return <ErrorState error={changes.error} onRetry={() => void changes.refetch()} />;
  if (!changes.data) return <Skeleton className="h-48 w-full rounded-2xl" />;
  if (changes.data.items.length === 0) return <p className="text-muted">{t('admin.changes.empty')}</p>;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = new Map<string, { name: string; translations?: Translations }>();
  for (const row of [...catalog.categories, ...catalog.styles, ...catalog.events]) rows.set(row.id, row);
  for (const row of catalog.templates)
    rows.set(row.id, { name: row.name, translations: row.translations.name });
  const subjectName = (change: CatalogChange) => {
    const row = change.subjectId === null ? undefined : rows.get(change.subjectId);
    // Named as it is now; a row gone since keeps the name it had.
    return row ? nameText(row) : change.subjectName;
  };
  return (
    <ol className="space-y-2" data-testid="change-log">
      {changes.data.items.map((change) => (
        <li key={change.id} className="rounded-2xl border border-plum-100 bg-white p-3 text-sm shadow-xs">
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            <time dateTime={change.at} className="text-muted">
              {format.format(new Date(change.at))}
            </time>
            <bdi className="font-bold break-all text-ink">{change.actorEmail}</bdi>
          </div>
          <p className="mt-1 text-ink">
            {t(`admin.changes.actions.${change.action}`)} {t(`admin.changes.kinds.${change.subjectKind}`)}{' '}
            {change.subjectName && <strong>{subjectName(change)}</strong>}
          </p>
          <Details change={change} />
        </li>
      ))}
    </ol>
  );
}
