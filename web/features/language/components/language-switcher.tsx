import { ChevronDown, Globe } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../../../../shared/i18n/languages.ts';
import { changeLanguage, currentLanguage } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/cn.ts';

/** The language picker: a native select (accessible everywhere), remembered on the device. */
export function LanguageSwitcher({
  className,
  showLabel = false,
  labelClassName = 'text-sm font-bold text-muted',
}: {
  className?: string;
  showLabel?: boolean;
  labelClassName?: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {showLabel && (
        <label htmlFor={id} className={labelClassName}>
          {t('language.label')}
        </label>
      )}
      <div className="relative">
        <Globe
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-plum-600"
        />
        <select
          id={id}
          aria-label={showLabel ? undefined : t('language.label')}
          value={value}
          onChange={(event) => {
            if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
          }}
          className="h-10 w-full cursor-pointer appearance-none rounded-full border border-plum-200 bg-white ps-9 pe-9 text-sm font-bold text-plum-900 shadow-xs hover:border-plum-300"
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-plum-600"
        />
      </div>
    </div>
  );
}
