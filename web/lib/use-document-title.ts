import { useEffect } from 'react';

const BRAND = 'Winc';

/** Sets the tab title to "{title} · Winc" (just "Winc" without a title). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : BRAND;
  }, [title]);
}
