import { useId, useState } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../../../shared/i18n/languages.ts';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { chooseMailLanguage } from '../api/guest-invitation-api.ts';

/**
 * The language of the guest's mails (DESIGN §1.20: "in each guest's language"), the invitation's until they
 * choose: saved as soon as it is chosen, answered or not and after replies close, since the reminders and the
 * changes go on until the event. Each language is named in itself, as language pickers do.
 */
export function MailLanguage({ token, initial }: { token: string; initial: Language }) {
  const { t } = useTranslation();
  const ids = { select: useId(), hint: useId(), status: useId() };
  const [language, setLanguage] = useState(initial);
  const [state, setState] = useState<{ saved: boolean; error: string | null }>({ saved: false, error: null });

  const choose = async (next: Language) => {
    const before = language;
    setLanguage(next);
    setState({ saved: false, error: null });
    try {
      setLanguage((await chooseMailLanguage(token, next)).guest.language);
      setState({ saved: true, error: null });
    } catch (error) {
      setLanguage(before);
      setState({ saved: false, error: t(errorMessageKey(error)) });
    }
  };

  return (
    <div className="flex flex-col gap-1.5 border-t border-plum-100 pt-5" data-testid="rsvp-mail-language">
      <label htmlFor={ids.select} className="text-sm font-bold text-ink">
        {t('invitation.rsvp.mailLanguage.label')}
      </label>
      <select
        id={ids.select}
        value={language}
        onChange={(event) => void choose(event.target.value as Language)}
        aria-describedby={`${ids.hint} ${ids.status}`}
        aria-invalid={state.error ? true : undefined}
        className={cn(fieldInputClasses, state.error ? 'border-coral-500' : 'border-plum-200')}
      >
        {LANGUAGES.map((each) => (
          <option key={each} value={each} lang={each}>
            {LANGUAGE_NAMES[each]}
          </option>
        ))}
      </select>
      <p id={ids.hint} className="text-xs text-muted">
        {t('invitation.rsvp.mailLanguage.hint')}
      </p>
      <p
        id={ids.status}
        role="status"
        className={cn('min-h-5 text-xs font-bold', state.error ? 'text-coral-700' : 'text-emerald-800')}
      >
        {state.error ?? (state.saved ? t('invitation.rsvp.mailLanguage.saved') : '')}
      </p>
    </div>
  );
}
