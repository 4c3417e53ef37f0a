import { Check, Copy, Link2, Share2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Button, buttonClasses } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { fieldInputClasses } from '../../../components/text-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { canShareNatively, copyLink, shareLink } from '../../../lib/share-link.ts';
import { shareIntents } from '../../../lib/share-intents.ts';

/** The QR code and its library come when the dialog first opens, not with any page. */
const LinkQrCodeImage = lazy(() =>
  import('./link-qr-code-image.tsx').then((module) => ({ default: module.LinkQrCodeImage })),
);

/** SPEC §9: the 'Copied!' indicator shows for 2 seconds. */
export const COPIED_INDICATOR_MS = 2_000;

/**
 * SPEC §2 'Share your card': native Share where the browser has it, Copy Link ('Copied!' for 2 s) and the
 * read-only link `{origin}/c/{cardId}`; then the link handed to WhatsApp, Telegram, SMS or a mail (share
 * intents: plain links, no SDK), or mailed by Winc to an address the sender types (DESIGN §1.22), and its QR
 * code for a phone held up to the screen. Closing is the owner's
 * decision (checkout goes on to My WINCS).
 */
export function ShareCardDialog({
  open,
  cardId,
  onClose,
  sending,
}: {
  open: boolean;
  cardId: string | null;
  onClose: () => void;
  /**
   * How the card goes out, composed by the route: "Send now" or "Reveal on…" and "Email it to them"
   * (DESIGN §1.22).
   */
  sending?: (cardId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const fieldId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const url = cardId ? paths.shareLink(cardId) : '';
  const nativeShare = open && url !== '' && canShareNatively(url);
  const intents = url
    ? shareIntents(url, { subject: t('share.nativeTitle'), text: t('share.nativeText') })
    : [];

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyLink(url, fieldRef.current)) setCopied(true);
    else showToast(t('share.copyFailed'), 'error');
  };

  const share = async () => {
    const outcome = await shareLink(
      { url, title: t('share.nativeTitle'), text: t('share.nativeText') },
      fieldRef.current,
    );
    if (outcome === 'copied') setCopied(true);
    else if (outcome === 'failed') showToast(t('share.copyFailed'), 'error');
  };

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} describedBy={textId} className="max-w-md">
      <div className="max-h-[calc(100dvh-2rem)] overflow-y-auto p-6 sm:p-8" data-testid="share-dialog">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-plum-100 text-plum-700">
          <Link2 aria-hidden="true" className="size-7" />
        </span>
        <h2 id={titleId} className="mt-4 text-center text-xl font-black text-ink">
          {t('share.title')}
        </h2>
        <p id={textId} className="mt-2 text-center text-muted">
          {t('share.description')}
        </p>

        <label htmlFor={fieldId} className="mt-6 block text-sm font-bold text-ink">
          {t('share.linkLabel')}
        </label>
        <input
          id={fieldId}
          ref={fieldRef}
          readOnly
          value={url}
          dir="ltr"
          data-testid="share-link"
          onFocus={(event) => event.currentTarget.select()}
          className={cn(fieldInputClasses, 'mt-1.5 border-plum-200 text-sm')}
        />

        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          {nativeShare && (
            <Button size="lg" className="w-full sm:w-auto sm:flex-1" onClick={() => void share()}>
              <Share2 aria-hidden="true" className="size-4" />
              {t('share.share')}
            </Button>
          )}
          <Button
            size="lg"
            variant={nativeShare ? 'secondary' : 'primary'}
            className="w-full sm:w-auto sm:flex-1"
            onClick={() => void copy()}
          >
            {copied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            <span aria-live="polite">{copied ? t('share.copied') : t('share.copyLink')}</span>
          </Button>
        </div>

        {cardId && sending?.(cardId)}

        {url && (
          <>
            <h3 className="mt-6 text-sm font-bold text-ink">{t('share.sendWith')}</h3>
            <ul className="mt-2 grid grid-cols-2 gap-2" data-testid="share-intents">
              {intents.map(({ app, href }) => {
                const web = href.startsWith('https:');
                return (
                  <li key={app}>
                    <a
                      href={href}
                      data-app={app}
                      {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                      className={buttonClasses('secondary', 'sm', 'w-full')}
                    >
                      {t(`share.apps.${app}`)}
                    </a>
                  </li>
                );
              })}
            </ul>

            <figure className="mt-6 flex flex-col items-center gap-2">
              <Suspense fallback={<div className="size-44 rounded-xl bg-plum-50" aria-hidden="true" />}>
                <LinkQrCodeImage link={url} label={t('share.qrLabel')} />
              </Suspense>
              <figcaption className="text-center text-sm text-muted">{t('share.qrHint')}</figcaption>
            </figure>
          </>
        )}

        <Button variant="ghost" className="mt-3 w-full" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}
