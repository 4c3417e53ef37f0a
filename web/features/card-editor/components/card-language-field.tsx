import { Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../../../shared/i18n/languages.ts';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * The card's language (DESIGN §1.17): the AI message, the voice and the recipient's page speak it. Everyone
 * may write in their UI language (and keep a card's saved one); any other comes with Plus and Premium
 * (DESIGN §1.18), so it is offered locked, with the way to get it.
 */
export function CardLanguageField({
  value,
  onChange,
  uiLanguage,
  savedLanguage,
  multilingual,
  disabled,
}: {
  value: Language;
  onChange: (language: Language) => void;
  uiLanguage: Language;
  /** The saved card's language when editing: it stays available. */
  savedLanguage: Language | null;
  /** The sender's plan includes other languages. */
  multilingual: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  const allowed = (language: Language) =>
    multilingual || language === uiLanguage || language === savedLanguage;
  const someLocked = LANGUAGES.some((language) => !allowed(language));

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {t('editor.language.label')}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value as Language)}
        className={cn(fieldInputClasses, 'border-plum-200')}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} disabled={!allowed(language)} lang={language}>
            {allowed(language)
              ? LANGUAGE_NAMES[language]
              : t('editor.language.locked', { language: LANGUAGE_NAMES[language] })}
          </option>
        ))}
      </select>
      <p id={hintId} className="flex items-start gap-1.5 text-xs text-muted">
        {someLocked && <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />}
        <span>
          {t('editor.language.hint')}{' '}
          {someLocked && (
            // A new tab, so the card being written stays as it is.
            <Link
              to={paths.pricing()}
              target="_blank"
              rel="noopener"
              className="font-bold text-plum-700 underline underline-offset-2"
            >
              {t('editor.language.upgrade')}
            </Link>
          )}
        </span>
      </p>
    </div>
  );
}
