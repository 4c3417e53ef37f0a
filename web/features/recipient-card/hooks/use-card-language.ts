import { useEffect, useState } from 'react';
import type { Language } from '../../../../shared/i18n/languages.ts';
import { readStoredLanguage, showLanguage } from '../../../lib/i18n.ts';

/**
 * The recipient page speaks the card's language (DESIGN §1.17), its direction included, whatever the device
 * is set to; the recipient may switch to their device's language. Neither changes the device's remembered
 * choice, which comes back when the page is left.
 */
export function useCardLanguage(cardLanguage: Language) {
  const [deviceLanguage] = useState(readStoredLanguage);
  const [chosen, setChosen] = useState<Language | null>(null);
  const shown = chosen ?? cardLanguage;

  useEffect(() => {
    void showLanguage(shown);
  }, [shown]);
  useEffect(() => () => void showLanguage(deviceLanguage), [deviceLanguage]);

  return {
    shown,
    /** The other language on offer: the device's when the card's is shown, and back. Null when they agree. */
    other: deviceLanguage === cardLanguage ? null : shown === cardLanguage ? deviceLanguage : cardLanguage,
    show: setChosen,
  };
}
