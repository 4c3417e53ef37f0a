import { FileDown, Infinity as Forever, LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AddressForm } from '../../../../shared/cards/address-form.ts';
import { Button } from '../../../components/button.tsx';
import { useTranslation } from '../../../lib/translation.tsx';

type PdfState = 'idle' | 'preparing' | 'failed';

/**
 * "Keep this card" (DESIGN §1.21): Save as PDF, which the server makes once per card version (the first time
 * takes a moment, so the button says it is preparing), then saves as a download, on a phone too; `children`
 * are the group's other keepsakes (the video) beside it. A paid card's page also says its link never expires.
 */
export function KeepsakeActions({
  pdfUrl,
  neverExpires,
  form,
  children,
}: {
  pdfUrl: string;
  neverExpires: boolean;
  /** The register of the page it is on: a card's on its share link, the app's on My WINCS. */
  form?: AddressForm;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<PdfState>('idle');

  async function savePdf() {
    setState('preparing');
    try {
      const response = await fetch(pdfUrl, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`PDF ${response.status}`);
      const name = /filename="([^"]+)"/u.exec(response.headers.get('content-disposition') ?? '')?.[1];
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name ?? 'winc.pdf';
      document.body.append(link);
      link.click();
      link.remove();
      // The download has its own copy once it started; the page's can go a moment later.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <section
      aria-labelledby="keepsake-title"
      className="flex flex-col items-center gap-3"
      data-testid="keepsakes"
    >
      <h2 id="keepsake-title" className="text-lg font-extrabold text-ink">
        {t('keepsake.title')}
      </h2>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          onClick={savePdf}
          disabled={state === 'preparing'}
          aria-busy={state === 'preparing'}
          data-testid="save-pdf"
        >
          {state === 'preparing' ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <FileDown aria-hidden="true" className="size-5" />
          )}
          {state === 'preparing' ? t('keepsake.preparing') : t('keepsake.savePdf')}
        </Button>
        {children}
      </div>
      {state === 'failed' && (
        <p role="alert" className="text-center text-sm text-coral-700">
          {t('keepsake.failed', { context: form })}
        </p>
      )}
      {neverExpires && (
        <p className="flex items-center gap-1.5 text-center text-sm text-muted" data-testid="never-expires">
          <Forever aria-hidden="true" className="size-4 shrink-0" />
          {t('keepsake.neverExpires')}
        </p>
      )}
    </section>
  );
}
