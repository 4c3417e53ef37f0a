import { ArrowDown, ArrowUp, GripVertical, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AdminCatalog, AdminCategory } from '../../../../shared/admin/admin.contract.ts';
import { orderCategories } from '../../../../shared/catalog/catalog.rules.ts';
import { Button } from '../../../components/button.tsx';
import { IconButton } from '../../../components/icon-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { useTranslation } from '../../../lib/translation.tsx';
import { useDeleteItem, useRankCategories, useSaveCategory } from '../api/use-admin.ts';
import {
  AdminName,
  Badge,
  CheckboxField,
  FormActions,
  FormError,
  tagsFromText,
  translatedText,
  TranslatedTextFields,
  useAdminNameText,
} from './admin-fields.tsx';

function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const [name, setName] = useState(translatedText(category?.name, category?.translations));
  const [rank, setRank] = useState(category?.rank === null || !category ? '' : String(category.rank));
  const [tags, setTags] = useState(category?.tags.join(', ') ?? '');
  const [isActive, setIsActive] = useState(category?.isActive ?? true);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      name: name.text,
      translations: { ar: name.ar, ru: name.ru },
      rank: rank.trim() === '' ? null : Number(rank),
      isActive,
      tags: tagsFromText(tags),
    };
    save.mutate(
      { id: category?.id ?? null, input },
      {
        onSuccess: () => {
          showToast(t('admin.saved'));
          onDone();
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-2xl border border-plum-100 bg-plum-50/50 p-4 sm:grid-cols-2"
    >
      <TranslatedTextFields kind="name" value={name} onChange={setName} />
      <TextField
        label={t('admin.fields.rank')}
        hint={t('admin.fields.rankHint')}
        type="number"
        min={0}
        step="any"
        value={rank}
        onChange={(e) => setRank(e.target.value)}
      />
      <TextField
        label={t('admin.fields.tags')}
        hint={t('admin.fields.tagsHint')}
        value={tags}
        onChange={(e) => setTags(e.target.value)}
      />
      <CheckboxField label={t('admin.fields.active')} checked={isActive} onChange={setIsActive} />
      <FormActions error={save.error} saving={save.isPending} onCancel={onDone} className="sm:col-span-2" />
    </form>
  );
}

/**
 * Categories in home order (SPEC §2: ranked first, then unranked by name). Dragging a row, or its arrow
 * buttons, renumbers the ranked rows 1, 2, 3…; a rank can also be typed in the category's form.
 */
export function CategoryList({ catalog }: { catalog: AdminCatalog }) {
  const { t } = useTranslation();
  const rank = useRankCategories();
  const remove = useDeleteItem();
  const nameText = useAdminNameText();
  // The id of the category whose form is open, 'new' for a new one's.
  const [editing, setEditing] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const ordered = orderCategories(catalog.categories);

  function moveTo(id: string, target: number) {
    const ids = ordered.map((c) => c.id).filter((other) => other !== id);
    ids.splice(Math.max(0, Math.min(target, ids.length)), 0, id);
    // Every row above and including the moved one gets a rank in its new place; rows below keep theirs
    // only if they were ranked, renumbered after it.
    const moved = ids.indexOf(id);
    const ranks = ids.flatMap((other, index) => {
      const before = catalog.categories.find((c) => c.id === other)!;
      return index <= moved || before.rank !== null ? [{ id: other, rank: index + 1 }] : [];
    });
    rank.mutate(ranks);
  }

  async function deleteCategory(category: AdminCategory) {
    if (!window.confirm(t('admin.confirmDelete', { name: nameText(category) }))) return;
    const { outcome } = await remove.mutateAsync({ kind: 'categories', id: category.id });
    showToast(outcome === 'hidden' ? t('admin.hiddenInstead') : t('admin.deleted'));
  }

  return (
    <section className="space-y-4">
      <p className="text-sm text-muted">{t('admin.rankHint')}</p>
      <FormError error={rank.error ?? remove.error} />
      <ol className="space-y-2">
        {ordered.map((category, index) => (
          <li
            key={category.id}
            draggable
            onDragStart={() => setDragged(category.id)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragged && dragged !== category.id) moveTo(dragged, index);
              setDragged(null);
            }}
            data-testid="category-row"
            className="rounded-2xl border border-plum-100 bg-white p-3 shadow-xs"
          >
            <div className="flex flex-wrap items-center gap-3">
              <GripVertical
                aria-label={t('admin.dragHandle', { name: nameText(category) })}
                className="size-5 cursor-grab text-muted"
              />
              <span className="w-16 text-sm font-bold text-plum-700">
                {category.rank === null ? t('admin.unranked') : category.rank}
              </span>
              <AdminName item={category} className="min-w-32 flex-1" />
              {!category.isActive && <Badge tone="muted">{t('admin.hiddenBadge')}</Badge>}
              {/* The row's buttons wrap together, under the name on a phone. */}
              <div className="flex items-center gap-3">
                <IconButton
                  label={t('admin.moveUp', { name: nameText(category) })}
                  icon={<ArrowUp className="size-4" />}
                  disabled={index === 0}
                  onClick={() => moveTo(category.id, index - 1)}
                />
                <IconButton
                  label={t('admin.moveDown', { name: nameText(category) })}
                  icon={<ArrowDown className="size-4" />}
                  disabled={index === ordered.length - 1}
                  onClick={() => moveTo(category.id, index + 1)}
                />
                <Button size="sm" variant="secondary" onClick={() => setEditing(category.id)}>
                  {t('admin.edit')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => void deleteCategory(category)}>
                  {t('admin.delete')}
                </Button>
              </div>
            </div>
            {editing === category.id && (
              <div className="mt-3">
                <CategoryForm category={category} onDone={() => setEditing(null)} />
              </div>
            )}
          </li>
        ))}
      </ol>
      {editing === 'new' ? (
        <CategoryForm category={null} onDone={() => setEditing(null)} />
      ) : (
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.addCategory')}
        </Button>
      )}
    </section>
  );
}
