import { linkPreviewApi } from '../../../shared/api-paths.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { LinkPreviewService, PreviewGuest, SharePage } from '../cards/link-preview.service.ts';
import type { GuestRecord } from './guests.repository.ts';
import type { RsvpService } from './rsvp.service.ts';

export type GuestPreviews = ReturnType<typeof createGuestPreviews>;

/** A guest as their preview names them, its image under their own link. */
const previewGuest = (guest: GuestRecord): PreviewGuest => ({
  name: guest.name,
  imagePath: (file) => linkPreviewApi.guest(guest.token, file),
});

/**
 * What a guest's own link (`/i/{token}`) shows a messenger's crawler (DESIGN §1.19, §1.20): the invitation's
 * preview naming the guest, in its language; the link of a removed guest, an unknown one and an unpaid
 * invitation's get the generic preview, as a card's link without a paid card does; a sealed invitation's says
 * when it opens. Nothing here marks the link opened.
 */
export function createGuestPreviews(deps: {
  rsvp: Pick<RsvpService, 'linkOf'>;
  previews: Pick<LinkPreviewService, 'guestPageMeta' | 'guestImage' | 'genericPageMeta'>;
}) {
  const { rsvp, previews } = deps;
  return {
    /**
     * The page's meta, the guest's when their link works, else the generic one in `fallback`; and its status,
     * as a card's link answers: 200 for a guest (of an invitation paid or not yet), 404 for a removed guest's
     * link or an unknown one.
     */
    async page(token: string, fallback: Language = DEFAULT_LANGUAGE): Promise<SharePage> {
      const link = await rsvp.linkOf(token);
      // Before its reveal the preview says when it opens, and nothing of the event (DESIGN §1.22).
      if (link.state === 'open' || link.state === 'sealed') {
        return { meta: previews.guestPageMeta(link.card, previewGuest(link.guest)), status: 200 };
      }
      return { meta: previews.genericPageMeta(fallback), status: link.state === 'unknown' ? 404 : 200 };
    },

    /**
     * The guest's preview image (the cover and their names) in the version their page names, sealed or not;
     * any other is `image-not-found`.
     */
    async image(token: string, version: string): Promise<Buffer> {
      const link = await rsvp.linkOf(token);
      if (link.state !== 'open' && link.state !== 'sealed') throw new AppError('image-not-found');
      return previews.guestImage(link.card, previewGuest(link.guest), version);
    },
  };
}
