import type { AdminTemplate } from '../../../../shared/admin/admin.contract.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/i18n/languages.ts';
import { Button } from '../../../components/button.tsx';
import { useTranslation } from '../../../lib/translation.tsx';
import { useObjectUrl } from '../../../lib/use-object-url.ts';

/** Per language: a file to upload as its cover, null to remove the cover it has; absent: left as it is. */
export type LanguageArtworkChanges = Partial<Record<Language, File | null>>;

/**
 * The covers lettered in one language each (en, ar, ru): each shows what that language's visitors will see
 * (the chosen file, the cover it has, or the default artwork), takes a new file, and can be removed so the
 * default artwork shows again. Nothing is sent until the form is saved.
 */
export function LanguageArtworkFields({
  template,
  changes,
  onChange,
}: {
  template: AdminTemplate | null;
  changes: LanguageArtworkChanges;
  onChange: (changes: LanguageArtworkChanges) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-3" data-testid="language-artwork">
      <legend className="text-sm font-bold text-ink">{t('admin.fields.languageArtwork')}</legend>
      <p className="text-xs text-muted">{t('admin.fields.languageArtworkHint')}</p>
      {LANGUAGES.map((language) => (
        <LanguageArtworkRow
          key={language}
          language={language}
          savedUrl={template?.languageCovers[language]?.coverUrl ?? null}
          change={changes[language]}
          onChange={(change) => {
            const next = { ...changes };
            if (change === undefined) delete next[language];
            else next[language] = change;
            onChange(next);
          }}
        />
      ))}
    </fieldset>
  );
}

function LanguageArtworkRow({
  language,
  savedUrl,
  change,
  onChange,
}: {
  language: Language;
  savedUrl: string | null;
  change: File | null | undefined;
  onChange: (change: File | null | undefined) => void;
}) {
  const { t } = useTranslation();
  const chosenUrl = useObjectUrl(change ?? null);
  const shownUrl = change === null ? null : (chosenUrl ?? savedUrl);
  const label = t('admin.fields.languageArtworkFor', { language: LANGUAGE_NAMES[language] });
  return (
    <div className="flex items-center gap-3" data-language={language}>
      <div className="flex aspect-[3/4] w-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-plum-100 bg-plum-50">
        {shownUrl ? (
          <img src={shownUrl} alt="" className="size-full object-cover" />
        ) : (
          <span className="px-0.5 text-center text-[0.625rem] leading-tight text-muted">
            {t('admin.fields.languageArtworkDefault')}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label className="flex flex-col gap-1 text-xs font-bold text-ink">
          {label}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(e) => onChange(e.target.files?.[0] ?? undefined)}
            className="text-xs font-normal"
          />
        </label>
        {savedUrl !== null && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => onChange(change === null ? undefined : null)}
          >
            {change === null
              ? t('admin.fields.keepLanguageArtwork')
              : t('admin.fields.removeLanguageArtwork')}
          </Button>
        )}
      </div>
    </div>
  );
}
