import { useState } from 'react';
import { EmailDeliveryField } from '../../features/delivery/components/email-delivery-field.tsx';
import { useCardReveal } from '../../features/reveal/api/reveal-api.ts';
import { RevealChoice } from '../../features/reveal/components/reveal-choice.tsx';
import { useTranslation } from '../../lib/translation.tsx';

/**
 * How a card goes out, in the share dialog (DESIGN §1.22): when its link opens ("Send now" or "Reveal on…")
 * and the address Winc mails it to, which then goes at that moment — the field says so while one is set.
 */
export function CardSending({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const reveal = useCardReveal(cardId);
  const [shownAt] = useState(Date.now);
  const waits = reveal.data ? Date.parse(reveal.data.revealAt) > shownAt : false;
  return (
    <>
      <RevealChoice cardId={cardId} />
      <EmailDeliveryField cardId={cardId} note={waits ? t('reveal.share.emailAtReveal') : null} />
    </>
  );
}
