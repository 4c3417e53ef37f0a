import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationsApi } from '../../../shared/api-paths.ts';
import {
  addGuestsRequestSchema,
  guestInvitationSchema,
  guestPageAnswerSchema,
  guestLanguageRequestSchema,
  guestListSchema,
  hostGuestSchema,
  messageGuestsRequestSchema,
  messageGuestsResponseSchema,
  openRsvpInputSchema,
  openRsvpResponseSchema,
  rsvpInputSchema,
} from '../../../shared/invitations/guests.contract.ts';
import type { ViewerCookie } from '../cards/viewer-cookie.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { GuestListService } from './guest-list.service.ts';
import { attachmentNamed } from './invitations.routes.ts';
import type { RsvpService } from './rsvp.service.ts';

const cardParams = z.object({ cardId: z.string() });
const guestParams = z.object({ cardId: z.string(), guestId: z.string() });
const tokenParams = z.object({ token: z.string() });
/** A guest list is private to its host; a guest's page to whoever holds the link: never stored by a cache. */
const privateAnswer = { 'Cache-Control': 'private, no-store' };
const guestAnswer = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
/** A pasted list or a CSV file of the largest plan's guests is far below this. */
const GUEST_LIST_MAX_BYTES = 2 * 1024 * 1024;

/** An invitation's guests: the host's list (routes of the card's owner) and each guest's own link. */
export function registerGuestsRoutes(
  fastify: FastifyInstance,
  deps: {
    guestList: GuestListService;
    rsvp: RsvpService;
    actors: CardActorResolver;
    viewerCookie: ViewerCookie;
  },
): void {
  const { guestList, rsvp, actors, viewerCookie } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    invitationsApi.guests.route,
    { schema: { params: cardParams, response: { 200: guestListSchema } } },
    async (request, reply) => {
      const list = await guestList.listFor(await actors.of(request, reply), request.params.cardId);
      return reply.headers(privateAnswer).send(list);
    },
  );

  app.get(invitationsApi.exportGuests.route, { schema: { params: cardParams } }, async (request, reply) => {
    const { title, csv } = await guestList.exportCsv(await actors.of(request, reply), request.params.cardId);
    return reply
      .headers({
        ...privateAnswer,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': attachmentNamed(title, 'csv'),
      })
      .send(csv);
  });

  app.post(
    invitationsApi.guests.route,
    { schema: { params: cardParams, body: addGuestsRequestSchema, response: { 201: guestListSchema } } },
    async (request, reply) => {
      const actor = await actors.of(request, reply);
      const list = await guestList.addGuests(actor, request.params.cardId, request.body.guests);
      return reply.status(201).headers(privateAnswer).send(list);
    },
  );

  // The list's bytes as sent: its encoding is the service's to check.
  void fastify.register(async (scope) => {
    scope.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: GUEST_LIST_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      invitationsApi.importGuests.route,
      {
        bodyLimit: GUEST_LIST_MAX_BYTES,
        schema: { params: cardParams, response: { 201: guestListSchema } },
      },
      async (request, reply) => {
        const actor = await actors.of(request, reply);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const list = await guestList.importGuests(actor, request.params.cardId, bytes);
        return reply.status(201).headers(privateAnswer).send(list);
      },
    );
  });

  app.post(
    invitationsApi.messageGuests.route,
    {
      schema: {
        params: cardParams,
        body: messageGuestsRequestSchema,
        response: { 200: messageGuestsResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = await actors.of(request, reply);
      const recipients = await guestList.messageGuests(actor, request.params.cardId, request.body);
      return reply.headers(privateAnswer).send({ recipients });
    },
  );

  app.delete(invitationsApi.guest.route, { schema: { params: guestParams } }, async (request, reply) => {
    const { cardId, guestId } = request.params;
    await guestList.removeGuest(await actors.of(request, reply), cardId, guestId);
    return reply.status(204).send();
  });

  app.put(
    invitationsApi.guestAnswer.route,
    { schema: { params: guestParams, body: rsvpInputSchema, response: { 200: hostGuestSchema } } },
    async (request, reply) => {
      const { cardId, guestId } = request.params;
      const actor = await actors.of(request, reply);
      const guest = await guestList.recordAnswer(actor, cardId, guestId, request.body);
      return reply.headers(privateAnswer).send(guest);
    },
  );

  app.delete(
    invitationsApi.guestAnswer.route,
    { schema: { params: guestParams, response: { 200: hostGuestSchema } } },
    async (request, reply) => {
      const { cardId, guestId } = request.params;
      const guest = await guestList.recordAnswer(await actors.of(request, reply), cardId, guestId, null);
      return reply.headers(privateAnswer).send(guest);
    },
  );

  const guestPage = { params: tokenParams, response: { 200: guestInvitationSchema } };
  // Before the reveal the guest's page gets the sealed cover instead (DESIGN §1.22).
  const guestPageOrSealed = { params: tokenParams, response: { 200: guestPageAnswerSchema } };
  app.get(invitationsApi.invitation.route, { schema: guestPageOrSealed }, async (request, reply) => {
    return reply.headers(guestAnswer).send(await rsvp.openInvitation(request.params.token));
  });

  app.put(
    invitationsApi.answer.route,
    { schema: { ...guestPage, body: rsvpInputSchema } },
    async (request, reply) => {
      return reply.headers(guestAnswer).send(await rsvp.answer(request.params.token, request.body));
    },
  );

  app.delete(invitationsApi.answer.route, { schema: guestPage }, async (request, reply) => {
    return reply.headers(guestAnswer).send(await rsvp.withdraw(request.params.token));
  });

  app.put(
    invitationsApi.guestLanguage.route,
    { schema: { ...guestPage, body: guestLanguageRequestSchema } },
    async (request, reply) => {
      const { token } = request.params;
      return reply.headers(guestAnswer).send(await rsvp.chooseLanguage(token, request.body.language));
    },
  );

  // RFC 8058: mail apps POST `List-Unsubscribe=One-Click`; a person following the mail's link sees a page
  // that asks first (a GET changes nothing: link checkers fetch every link of a mail).
  app.get(invitationsApi.unsubscribe.route, { schema: { params: tokenParams } }, async (request, reply) => {
    const page = await rsvp.unsubscribePage(
      request.params.token,
      invitationsApi.unsubscribe(request.params.token),
    );
    return reply.headers(guestAnswer).type('text/html; charset=utf-8').send(page);
  });
  void fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(invitationsApi.unsubscribe.route, { schema: { params: tokenParams } }, async (request, reply) => {
        const page = await rsvp.unsubscribe(request.params.token);
        return reply.headers(guestAnswer).type('text/html; charset=utf-8').send(page);
      });
  });

  app.post(
    invitationsApi.openAnswer.route,
    { schema: { params: cardParams, body: openRsvpInputSchema, response: { 200: openRsvpResponseSchema } } },
    async (request, reply) => {
      const device = viewerCookie.ensure(request, reply);
      const answer = await rsvp.openAnswer(request.params.cardId, device, request.body);
      return reply.headers(guestAnswer).send(answer);
    },
  );
}
