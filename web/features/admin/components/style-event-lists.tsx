import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AdminCatalog, AdminEvent, AdminStyle } from '../../../../shared/admin/admin.contract.ts';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { useTranslation } from '../../../lib/translation.tsx';
import { useDeleteItem, useSaveEvent, useSaveStyle } from '../api/use-admin.ts';
import {
  AdminName,
  Badge,
  CheckboxField,
  FormActions,
  FormError,
  translatedText,
  TranslatedTextFields,
  useAdminNameText,
} from './admin-fields.tsx';

type Item = (AdminStyle & { kind: 'styles' }) | (AdminEvent & { kind: 'events' });

function ItemForm({ kind, item, onDone }: { kind: Item['kind']; item: Item | null; onDone: () => void }) {
  const { t } = useTranslation();
  const saveStyle = useSaveStyle();
  const saveEvent = useSaveEvent();
  const save = kind === 'styles' ? saveStyle : saveEvent;
  const [name, setName] = useState(translatedText(item?.name, item?.translations));
  const [isActive, setIsActive] = useState(item?.isActive ?? true);
  const [tag, setTag] = useState(item?.kind === 'events' ? item.tag : '');
  const [iconKeyword, setIconKeyword] = useState(item?.kind === 'events' ? (item.iconKeyword ?? '') : '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const done = {
      onSuccess: () => {
        showToast(t('admin.saved'));
        onDone();
      },
    };
    const base = { name: name.text, translations: { ar: name.ar, ru: name.ru }, isActive };
    if (kind === 'styles') saveStyle.mutate({ id: item?.id ?? null, input: base }, done);
    else saveEvent.mutate({ id: item?.id ?? null, input: { ...base, tag, iconKeyword } }, done);
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-2xl border border-plum-100 bg-plum-50/50 p-4 sm:grid-cols-2"
    >
      <TranslatedTextFields kind="name" value={name} onChange={setName} />
      {kind === 'events' && (
        <>
          <TextField
            label={t('admin.fields.tag')}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            required
          />
          <TextField
            label={t('admin.fields.iconKeyword')}
            hint={t('admin.fields.iconKeywordHint')}
            value={iconKeyword}
            onChange={(e) => setIconKeyword(e.target.value)}
          />
        </>
      )}
      <CheckboxField label={t('admin.fields.active')} checked={isActive} onChange={setIsActive} />
      <FormActions error={save.error} saving={save.isPending} onCancel={onDone} className="sm:col-span-2" />
    </form>
  );
}

/** Styles or events: rename (with translations), activate or deactivate, add, delete (or hide when used). */
export function StyleEventList({ catalog, kind }: { catalog: AdminCatalog; kind: Item['kind'] }) {
  const { t } = useTranslation();
  const remove = useDeleteItem();
  const nameText = useAdminNameText();
  // The id of the entry whose form is open, 'new' for a new one's.
  const [editing, setEditing] = useState<string | null>(null);
  const items: Item[] =
    kind === 'styles'
      ? catalog.styles.map((s) => ({ ...s, kind: 'styles' as const }))
      : catalog.events.map((e) => ({ ...e, kind: 'events' as const }));

  async function deleteItem(item: Item) {
    if (!window.confirm(t('admin.confirmDelete', { name: nameText(item) }))) return;
    const { outcome } = await remove.mutateAsync({ kind, id: item.id });
    showToast(outcome === 'hidden' ? t('admin.hiddenInstead') : t('admin.deleted'));
  }

  return (
    <section className="space-y-4">
      <FormError error={remove.error} />
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.id} className="rounded-2xl border border-plum-100 bg-white p-3 shadow-xs">
            <div className="flex flex-wrap items-center gap-3">
              <AdminName item={item} className="min-w-32 flex-1" />
              {item.kind === 'events' && <span className="text-sm text-muted">#{item.tag}</span>}
              {!item.isActive && <Badge tone="muted">{t('admin.hiddenBadge')}</Badge>}
              <Button size="sm" variant="secondary" onClick={() => setEditing(item.id)}>
                {t('admin.edit')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void deleteItem(item)}>
                {t('admin.delete')}
              </Button>
            </div>
            {editing === item.id && (
              <div className="mt-3">
                <ItemForm kind={kind} item={item} onDone={() => setEditing(null)} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <ItemForm kind={kind} item={null} onDone={() => setEditing(null)} />
      ) : (
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          {kind === 'styles' ? t('admin.addStyle') : t('admin.addEvent')}
        </Button>
      )}
    </section>
  );
}
