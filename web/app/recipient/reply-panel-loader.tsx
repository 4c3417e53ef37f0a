import { lazy } from 'react';
import repliesStrings from 'virtual:strings/replies';
import { withStrings } from '../../lib/i18n.ts';

/**
 * The recipient's reply to the sender (DESIGN §1.21): a chunk of its own with its strings, loaded once the
 * card has been opened, so a share link's first load does not carry it.
 */
export const ReplyPanel = lazy(() =>
  withStrings(import('../../features/replies/components/reply-panel.tsx'), repliesStrings).then((m) => ({
    default: m.ReplyPanel,
  })),
);
