import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminCatalog, AdminTemplate } from '../../../../shared/admin/admin.contract.ts';
import { isNewDrop, matchesSearch } from '../../../../shared/catalog/catalog.rules.ts';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useTranslation } from '../../../lib/translation.tsx';
import { AdminName, Badge, CheckboxField, SelectField, useAdminNameText } from './admin-fields.tsx';
import { TemplateForm } from './template-form.tsx';

/** Templates with search (SPEC §5's rule) and filters; a row opens its form, as does "New template". */
export function TemplateList({ catalog }: { catalog: AdminCatalog }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [styleId, setStyleId] = useState('');
  const [status, setStatus] = useState<'all' | 'active' | 'hidden'>('all');
  const [newOnly, setNewOnly] = useState(false);
  const [editing, setEditing] = useState<AdminTemplate | 'new' | null>(null);
  const nameText = useAdminNameText();
  const categories = useMemo(() => new Map(catalog.categories.map((c) => [c.id, c])), [catalog]);

  const now = new Date();
  const shown = catalog.templates.filter(
    (template) =>
      matchesSearch(template, query) &&
      (categoryId === '' || template.categoryId === categoryId) &&
      (styleId === '' || template.styleId === styleId) &&
      (status === 'all' || template.isActive === (status === 'active')) &&
      (!newOnly || isNewDrop(new Date(template.createdAt), now)),
  );

  if (editing !== null) {
    return (
      <section aria-labelledby="template-form-title" className="space-y-4">
        <h2 id="template-form-title" className="text-xl font-extrabold text-ink">
          {editing === 'new' ? t('admin.newTemplate') : t('admin.editTemplate')}
        </h2>
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          catalog={catalog}
          onDone={() => setEditing(null)}
        />
      </section>
    );
  }

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <TextField
            type="search"
            label={t('admin.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.newTemplate')}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField label={t('admin.filters.category')} value={categoryId} onChange={setCategoryId}>
          <option value="">{t('admin.filters.all')}</option>
          {catalog.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {nameText(c)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('admin.filters.style')} value={styleId} onChange={setStyleId}>
          <option value="">{t('admin.filters.all')}</option>
          {catalog.styles.map((s) => (
            <option key={s.id} value={s.id}>
              {nameText(s)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin.filters.status')}
          value={status}
          onChange={(value) => setStatus(value as typeof status)}
        >
          <option value="all">{t('admin.filters.all')}</option>
          <option value="active">{t('admin.filters.active')}</option>
          <option value="hidden">{t('admin.filters.hidden')}</option>
        </SelectField>
        <CheckboxField label={t('admin.filters.newThisWeek')} checked={newOnly} onChange={setNewOnly} />
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {t('admin.count', { count: shown.length })}
      </p>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {shown.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              onClick={() => setEditing(template)}
              className="flex w-full flex-col gap-2 rounded-2xl border border-plum-100 bg-white p-2 text-start shadow-xs hover:border-plum-300"
            >
              <div className="aspect-[3/4] w-full overflow-hidden rounded-xl bg-plum-50">
                {template.thumbnailUrl ? (
                  <img src={template.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
                ) : (
                  <span className="grid size-full place-items-center text-xs text-muted">
                    {t('admin.noArtwork')}
                  </span>
                )}
              </div>
              <AdminName
                item={{ name: template.name, translations: template.translations.name }}
                className="text-sm [&>:first-child]:line-clamp-2"
              />
              <span className="text-xs text-muted">
                {categories.has(template.categoryId) && nameText(categories.get(template.categoryId)!)}
              </span>
              <span className="flex flex-wrap gap-1">
                {!template.isActive && <Badge tone="muted">{t('admin.hiddenBadge')}</Badge>}
                {isNewDrop(new Date(template.createdAt), now) && (
                  <Badge tone="new">{t('admin.newBadge')}</Badge>
                )}
                {template.animatedUrl && <Badge>{t('admin.animatedBadge')}</Badge>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
