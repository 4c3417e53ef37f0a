import { lazy, Suspense } from 'react';
import shareStrings from 'virtual:strings/share';
import { withStrings } from '../../lib/i18n.ts';
import { useOnceOpened } from '../../lib/use-once-opened.ts';

interface ShareDialogProps {
  open: boolean;
  cardId: string | null;
  onClose: () => void;
}

/**
 * The share dialog with how the card goes out (its reveal and its mail, `CardSending`) and their strings:
 * fetched the first time it opens, not with the page that offers it (My WINCS, checkout), whose take-over then
 * has less code to evaluate.
 */
const ShareCardDialog = lazy(async () => {
  const [{ ShareCardDialog: Dialog }, { CardSending }] = await withStrings(
    Promise.all([
      import('../../features/share/components/share-card-dialog.tsx'),
      import('./card-sending.tsx'),
    ]),
    shareStrings,
  );
  return {
    default: (props: ShareDialogProps) => (
      <Dialog {...props} sending={(cardId) => <CardSending cardId={cardId} />} />
    ),
  };
});

/** SPEC §2 'Share your card' for `cardId`, loaded when it first opens; once loaded it stays, to close as it opened. */
export function LazyShareCardDialog(props: ShareDialogProps) {
  const shown = useOnceOpened(props.open);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ShareCardDialog {...props} />
    </Suspense>
  );
}
