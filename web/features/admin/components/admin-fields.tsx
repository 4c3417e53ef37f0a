import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { refusalMessageKey } from '../../../../shared/text/names.ts';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { Translations } from '../../../../shared/i18n/languages.ts';
import { useLocalizedName } from '../../../lib/use-localized-name.ts';

/** A labelled select in the admin forms' style. */
export function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(fieldInputClasses, 'border-plum-200')}
      >
        {children}
      </select>
    </div>
  );
}

/** A labelled multi-line text field. */
export function TextAreaField({
  label,
  value,
  onChange,
  dir,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  dir?: 'rtl' | 'ltr';
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        dir={dir}
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(fieldInputClasses, 'h-auto border-plum-200 py-3')}
      />
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-12 items-center gap-3 text-sm font-bold text-ink">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-plum-600"
      />
      {label}
    </label>
  );
}

/** The localized message of a failed request, or of the contract's refusal before it was sent, announced. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className="rounded-2xl bg-coral-50 px-4 py-3 text-sm font-bold text-coral-700">
      {t(refusalMessageKey(error) ?? errorMessageKey(error))}
    </p>
  );
}

/**
 * The end of an admin form: what went wrong with the last save, then Save (busy while saving) and Cancel.
 * `className` places it in the form's grid.
 */
export function FormActions({
  error,
  saving,
  onCancel,
  className,
}: {
  error: unknown;
  saving: boolean;
  onCancel: () => void;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <FormError error={error} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? t('admin.saving') : t('admin.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('admin.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** Small status marks on a row. */
export function Badge({
  children,
  tone = 'plain',
}: {
  children: ReactNode;
  tone?: 'plain' | 'muted' | 'new';
}) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-bold',
        tone === 'muted' && 'bg-plum-100 text-muted',
        tone === 'new' && 'bg-coral-100 text-coral-700',
        tone === 'plain' && 'bg-plum-50 text-plum-700',
      )}
    >
      {children}
    </span>
  );
}

type Named = { name: string; translations?: Translations };

/**
 * A catalog name as the admin reads it: in the admin's language (as visitors of that language see it), and
 * the canonical English name when it differs, so the operator knows both.
 */
export function useAdminNames() {
  const localized = useLocalizedName();
  return (item: Named) => {
    const shown = localized(item);
    return { shown, english: shown === item.name ? null : item.name };
  };
}

/**
 * A name as one line of text (a select's option, a button's label): "اسم · Name" where they differ, each
 * name isolated (U+2068…U+2069) so that an English name with digits keeps its order in an Arabic line.
 */
export function useAdminNameText() {
  const names = useAdminNames();
  return (item: Named) => {
    const { shown, english } = names(item);
    return english === null ? shown : `\u2068${shown}\u2069 · \u2068${english}\u2069`;
  };
}

/** A name in the admin's language, with the English name as a smaller line under it where they differ. */
export function AdminName({ item, className }: { item: Named; className?: string }) {
  const { shown, english } = useAdminNames()(item);
  return (
    <span data-testid="admin-name" className={cn('flex min-w-0 flex-col', className)}>
      <span className="font-bold text-ink">{shown}</span>
      {english !== null && (
        <span className="text-xs font-normal text-muted">
          <bdi lang="en">{english}</bdi>
        </span>
      )}
    </span>
  );
}

/** Tags typed as one comma-separated line. */
export const tagsFromText = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/** A text as the admin edits it: the canonical English and its Arabic and Russian versions. */
export interface TranslatedText {
  text: string;
  ar: string;
  ru: string;
}

export const translatedText = (text = '', translations: Translations = {}): TranslatedText => ({
  text,
  ar: translations.ar ?? '',
  ru: translations.ru ?? '',
});

const TRANSLATED_LABELS = {
  name: ['admin.fields.name', 'admin.fields.nameAr', 'admin.fields.nameRu'],
  description: ['admin.fields.description', 'admin.fields.descriptionAr', 'admin.fields.descriptionRu'],
} as const;

/**
 * A name (one line, required) or a description (several lines) in English across the form, and its Arabic
 * and Russian versions side by side below it; every admin form edits its texts with these.
 */
export function TranslatedTextFields({
  kind,
  value,
  onChange,
}: {
  kind: keyof typeof TRANSLATED_LABELS;
  value: TranslatedText;
  onChange: (value: TranslatedText) => void;
}) {
  const { t } = useTranslation();
  const [textLabel, arLabel, ruLabel] = TRANSLATED_LABELS[kind];
  const field = (label: string, key: keyof TranslatedText, dir?: 'rtl') =>
    kind === 'name' ? (
      <TextField
        label={t(label)}
        dir={dir}
        value={value[key]}
        onChange={(event) => onChange({ ...value, [key]: event.target.value })}
        required={key === 'text'}
      />
    ) : (
      <TextAreaField
        label={t(label)}
        dir={dir}
        value={value[key]}
        onChange={(text) => onChange({ ...value, [key]: text })}
      />
    );
  return (
    <>
      <div className="sm:col-span-2">{field(textLabel, 'text')}</div>
      {field(arLabel, 'ar', 'rtl')}
      {field(ruLabel, 'ru')}
    </>
  );
}
