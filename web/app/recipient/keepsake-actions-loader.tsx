import { lazy } from 'react';
import keepsakeStrings from 'virtual:strings/keepsake';
import { withStrings } from '../../lib/i18n.ts';

/** "Keep this card" (`keepsake-actions.tsx`): a chunk of its own with its strings, loaded once a card is opened. */
export const KeepsakeActions = lazy(() =>
  withStrings(import('../../features/keepsakes/components/keepsake-actions.tsx'), keepsakeStrings).then(
    (m) => ({ default: m.KeepsakeActions }),
  ),
);
