import { linkPreviewApi } from '../../../shared/api-paths.ts';
import type { Platform } from '../../platform/platform.ts';
import type { SharedCards } from '../cards/cards.module.ts';
import { registerInvitationsRoutes } from './invitations.routes.ts';
import { createInvitationsService } from './invitations.service.ts';

/** Invitations (DESIGN §1.20): what guests get of a paid invitation beyond its page — its calendar file. */
export function createInvitationsModule(platform: Platform, deps: { cards: SharedCards }): void {
  const invitations = createInvitationsService({
    cards: deps.cards,
    cardPageUrl: (cardId) => `${platform.origin}${linkPreviewApi.page(cardId)}`,
  });
  registerInvitationsRoutes(platform.app, { invitations });
}
