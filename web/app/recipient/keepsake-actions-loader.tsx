import { lazy } from 'react';
import keepsakeStrings from 'virtual:strings/keepsake';
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

export const SaveAsVideoButton = lazy(() =>
  withStrings(import('../../features/keepsakes/video/save-as-video-button.tsx'), keepsakeStrings).then(
    (m) => ({ default: m.SaveAsVideoButton }),
  ),
);
