import { ArrowRight, Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import { cn } from '../lib/cn.ts';

interface SearchInputProps {
  /** The current search (from the URL); the field follows it when it changes elsewhere. */
  value: string;
  onSearch: (query: string) => void;
  /** Accessible name of the field. */
  label: string;
  placeholder: string;
  size?: 'md' | 'lg';
  className?: string;
  id?: string;
  /**
   * Where the form goes as a plain form, as `?q=`: a page the server rendered shows the field before its
   * script has taken the page over, and a search made then is not lost.
   */
  action?: string;
}

/** A search form: submitting (Enter or the button) calls `onSearch`; the clear button searches for ''. */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  size = 'md',
  className,
  id,
  action,
}: SearchInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    // The URL changed (back button, a link): show its search, not the stale text.
    setSynced(value);
    setText(value);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form
      role="search"
      aria-label={label}
      action={action}
      onSubmit={submit}
      className={cn('relative', className)}
    >
      <Search
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute start-3.5 top-1/2 -translate-y-1/2 text-plum-500',
          size === 'lg' ? 'size-5' : 'size-4',
        )}
      />
      <input
        id={id}
        name={action ? 'q' : undefined}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={cn(
          // A placeholder too long for a narrow screen ends with an ellipsis, not with a letter cut in half.
          'w-full rounded-full border border-plum-200 bg-white text-ellipsis text-ink shadow-xs transition-colors placeholder:text-muted',
          'hover:border-plum-300 focus:border-plum-500',
          size === 'lg'
            ? cn('h-13 ps-11 text-base', text !== '' ? 'pe-22 sm:pe-32' : 'pe-14 sm:pe-24')
            : 'h-10 ps-10 pe-10 text-sm',
        )}
      />
      <div className="absolute end-1.5 top-1/2 flex -translate-y-1/2 items-center gap-1">
        {text !== '' && (
          <button
            type="button"
            aria-label={t('common.clearSearch')}
            title={t('common.clearSearch')}
            onClick={() => {
              setText('');
              if (value !== '') onSearch('');
            }}
            className="inline-flex size-7 items-center justify-center rounded-full text-muted hover:bg-plum-100 hover:text-plum-800"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
        {size === 'lg' && (
          <button
            type="submit"
            aria-label={t('header.searchSubmit')}
            className="inline-flex size-10 items-center justify-center rounded-full bg-plum-700 text-sm font-bold text-white hover:bg-plum-800 sm:w-auto sm:px-4"
          >
            <ArrowRight aria-hidden="true" className="size-5 sm:hidden rtl:-scale-x-100" />
            <span aria-hidden="true" className="hidden sm:inline">
              {t('header.searchSubmit')}
            </span>
          </button>
        )}
      </div>
    </form>
  );
}
