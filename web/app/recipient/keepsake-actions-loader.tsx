import { lazy } from 'react';
import keepsakeStrings from 'virtual:strings/keepsake';
import type { AddressForm } from '../../../shared/cards/address-form.ts';
import type { KeepsakeCard } from '../../features/keepsakes/video/keepsake-card.ts';
import { withStrings } from '../../lib/i18n.ts';

/**
 * "Keep this card" (`keepsake-actions.tsx`) and its "Save as video": chunks of their own with their strings,
 * loaded once a card is opened (the video's encoder comes later still, on the click).
 */
export const KeepsakeActions = lazy(() =>
  withStrings(import('../../features/keepsakes/components/keepsake-actions.tsx'), keepsakeStrings).then(
    (m) => ({ default: m.KeepsakeActions }),
  ),
);

const LazySaveAsVideoButton = lazy(() =>
  withStrings(import('../../features/keepsakes/video/save-as-video-button.tsx'), keepsakeStrings).then(
    (m) => ({ default: m.SaveAsVideoButton }),
  ),
);

/** "Save as video", worded in the card's language with the keepsake strings this loader holds. */
export function SaveAsVideoButton(props: { card: KeepsakeCard; form?: AddressForm; className?: string }) {
  return <LazySaveAsVideoButton {...props} strings={keepsakeStrings} />;
}
