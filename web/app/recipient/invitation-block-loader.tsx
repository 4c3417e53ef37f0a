import { lazy } from 'react';
import rsvpStrings from 'virtual:strings/rsvp';
import { withStrings } from '../../lib/i18n.ts';

/**
 * An invitation's part under its card (`invitation-block.tsx`): on a guest's own link (`token` and their
 * `guestInvitation`), or on the open group link. A chunk of its own with its strings: a greeting card's page
 * never loads it.
 */
export const InvitationBlock = lazy(() =>
  withStrings(import('./invitation-block.tsx'), rsvpStrings).then((m) => ({ default: m.InvitationBlock })),
);
