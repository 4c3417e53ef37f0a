import { useState, type FormEvent } from 'react';
import type { AdminCatalog, AdminTemplate } from '../../../../shared/admin/admin.contract.ts';
import { TextField } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { useTranslation } from '../../../lib/translation.tsx';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { useSaveTemplate } from '../api/use-admin.ts';
import {
  CheckboxField,
  FormActions,
  SelectField,
  tagsFromText,
  translatedText,
  TranslatedTextFields,
  useAdminNameText,
} from './admin-fields.tsx';
import { LanguageArtworkFields, type LanguageArtworkChanges } from './language-artwork-fields.tsx';

/** `YYYY-MM-DDTHH:mm` in local time, what a datetime-local field shows. */
function localDateTime(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * Creates or edits a template: its texts and their Arabic and Russian versions, category, style, whether
 * visitors see it, its date (New Drops) and its artwork, shown cropped to 3:4 as the lists show it before
 * anything is saved, and its covers lettered in each language.
 */
export function TemplateForm({
  template,
  catalog,
  onDone,
}: {
  template: AdminTemplate | null;
  catalog: AdminCatalog;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const nameText = useAdminNameText();
  const [name, setName] = useState(translatedText(template?.name, template?.translations.name));
  const [description, setDescription] = useState(
    translatedText(template?.description, template?.translations.description),
  );
  const [tags, setTags] = useState(template?.tags.join(', ') ?? '');
  const [categoryId, setCategoryId] = useState(template?.categoryId ?? catalog.categories[0]?.id ?? '');
  const [styleId, setStyleId] = useState(template?.styleId ?? '');
  const [isActive, setIsActive] = useState(template?.isActive ?? true);
  const [createdAt, setCreatedAt] = useState(template ? localDateTime(template.createdAt) : '');
  const [artwork, setArtwork] = useState<File | null>(null);
  const chosenUrl = useObjectUrl(artwork);
  const [languageArtwork, setLanguageArtwork] = useState<LanguageArtworkChanges>({});
  const previewUrl = chosenUrl ?? template?.animatedUrl ?? template?.coverUrl ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        id: template?.id ?? null,
        artwork,
        languageArtwork,
        input: {
          name: name.text,
          description: description.text,
          translations: {
            name: { ar: name.ar, ru: name.ru },
            description: { ar: description.ar, ru: description.ru },
          },
          tags: tagsFromText(tags),
          categoryId,
          styleId: styleId === '' ? null : styleId,
          isActive,
          ...(createdAt ? { createdAt: new Date(createdAt).toISOString() } : {}),
        },
      },
      {
        onSuccess: () => {
          showToast(t('admin.saved'));
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-6 md:grid-cols-[minmax(0,1fr)_14rem]">
      <div className="grid gap-4 sm:grid-cols-2">
        <TranslatedTextFields kind="name" value={name} onChange={setName} />
        <TranslatedTextFields kind="description" value={description} onChange={setDescription} />
        <TextField
          label={t('admin.fields.tags')}
          hint={t('admin.fields.tagsHint')}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
        />
        <SelectField label={t('admin.fields.category')} value={categoryId} onChange={setCategoryId}>
          {catalog.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {nameText(c)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('admin.fields.style')} value={styleId} onChange={setStyleId}>
          <option value="">{t('admin.fields.noStyle')}</option>
          {catalog.styles.map((s) => (
            <option key={s.id} value={s.id}>
              {nameText(s)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('admin.fields.createdAt')}
          type="datetime-local"
          value={createdAt}
          onChange={(e) => setCreatedAt(e.target.value)}
        />
        <CheckboxField label={t('admin.fields.active')} checked={isActive} onChange={setIsActive} />
      </div>
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1.5 text-sm font-bold text-ink">
          {t('admin.fields.artwork')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(e) => setArtwork(e.target.files?.[0] ?? null)}
            className="text-sm font-normal"
          />
        </label>
        <p className="text-xs text-muted">{t('admin.fields.artworkHint')}</p>
        <figure className="flex flex-col gap-2">
          <div className="aspect-[3/4] w-full overflow-hidden rounded-2xl border border-plum-100 bg-plum-50">
            {previewUrl && (
              <img src={previewUrl} alt="" data-testid="artwork-preview" className="size-full object-cover" />
            )}
          </div>
          <figcaption className="text-xs text-muted">{t('admin.fields.cropPreview')}</figcaption>
        </figure>
        <LanguageArtworkFields template={template} changes={languageArtwork} onChange={setLanguageArtwork} />
      </div>
      <FormActions error={save.error} saving={save.isPending} onCancel={onDone} className="md:col-span-2" />
    </form>
  );
}
