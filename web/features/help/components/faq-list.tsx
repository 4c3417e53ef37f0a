import { ChevronDown } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { FAQ_ITEMS } from '../lib/faq-items.ts';

/**
 * The questions as native disclosures (`<details>`): keyboard and screen-reader support come for free, and
 * the browser's find-in-page opens the answer that matches.
 */
export function FaqList() {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3" data-testid="faq-list">
      {FAQ_ITEMS.map((id) => (
        <li key={id}>
          <details
            data-testid="faq-item"
            className="group rounded-2xl border border-plum-100 bg-white shadow-xs transition-shadow open:shadow-card"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-start text-base font-extrabold text-ink hover:bg-plum-50/60 sm:text-lg [&::-webkit-details-marker]:hidden">
              <span>{t(`faq.items.${id}.question`)}</span>
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-plum-50 text-plum-700 transition-transform group-open:rotate-180"
              >
                <ChevronDown className="size-5" />
              </span>
            </summary>
            <div className="space-y-3 px-5 pb-5 leading-relaxed text-muted">
              {t(`faq.items.${id}.answer`)
                .split('\n')
                .map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
