import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CARD_REPLIES_EVENT,
  cardsApi,
  healthApi,
  invitationsApi,
  repliesApi,
} from '../../../shared/api-paths.ts';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { guestListSchema } from '../../../shared/invitations/guests.contract.ts';
import {
  REPLY_MEDIA_MAX_BYTES,
  REPLY_REACTIONS,
  newRepliesResponseSchema,
  repliesResponseSchema,
  sentReplySchema,
  type ReplyMediaKind,
} from '../../../shared/replies/replies.contract.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  freshIp,
  setTier,
  signUpAndVerify,
} from '../../testing/accounts-fixture.ts';
import { cardDraft, sendOverSocket } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { fakeVideo, recordedVoice } from '../../testing/media-fixture.ts';
import type { AppConfig } from '../../platform/config.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { REPLY_RATE_LIMITS } from './replies.service.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Replies (DESIGN §1.21): a recipient answers a shared card with a reaction, a text, or a voice or video note
 * (resumable, checked by content), without an account; only the card's owner lists, plays and deletes them;
 * a card its link does not open cannot be answered; each device and address is rate-limited; no view is
 * counted; the owner hears of it live and gets one mail per reply unless they turned it off.
 */
describeEachDatabase('replies', (use) => {
  let app: FastifyInstance;
  let second: FastifyInstance | undefined;
  let storage: FileStorage;
  /** The app's clock when a test stops it; the real time otherwise. */
  let pinnedTime: Date | null = null;

  beforeAll(async () => {
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    let config: AppConfig;
    ({ app, config } = await buildTestApp(use(), {
      env: { PUBLIC_ORIGIN: TEST_ORIGIN },
      jobsPollMs: 50,
      now: () => pinnedTime ?? new Date(),
    }));
    storage = await createFileStorage(config);
    // Another instance polling the same jobs (PostgreSQL: what several instances share): a mail still goes once.
    if (use().dialect === 'postgres')
      ({ app: second } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN }, jobsPollMs: 50 }));
    await second?.ready();
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });

  let listening: Promise<number> | undefined;
  /** The port of the app, listening for real (tus and the live stream need a socket). */
  function port(): Promise<number> {
    listening ??= app
      .listen({ port: 0, host: '127.0.0.1' })
      .then(() => (app.server.address() as AddressInfo).port);
    return listening;
  }

  /** A signed-up owner's paid card (or unpaid, when asked). */
  async function ownersCard(options: { paid?: boolean; draft?: object } = {}) {
    const owner = await signUpAndVerify(app, use(), { name: 'Sam Owner' });
    await setTier(use(), owner.email, 'premium_bulk');
    const created = await owner.browser.post(cardsApi.create, { ...cardDraft, ...options.draft });
    expect(created.statusCode, created.body).toBe(201);
    let card = cardSchema.parse(created.json());
    if (options.paid !== false) {
      const unlocked = await owner.browser.post(cardsApi.unlock(card.id));
      expect(unlocked.statusCode, unlocked.body).toBe(200);
      card = cardSchema.parse(unlocked.json().card);
    }
    return { owner, card };
  }

  const replyTo = (browser: TestBrowser, cardId: string, body: object) =>
    browser.post(repliesApi.create(cardId), body);

  const repliesOf = async (browser: TestBrowser, card: Card) => {
    const response = await browser.get(repliesApi.ofCard(card.id));
    expect(response.statusCode, response.body).toBe(200);
    return repliesResponseSchema.parse(response.json()).replies;
  };

  /** Uploads a note with tus from `browser`, in two PATCHes; answers the last PATCH. */
  async function uploadNote(browser: TestBrowser, cardId: string, kind: ReplyMediaKind, bytes: Buffer) {
    const listeningOn = await port();
    const metadata = [
      `cardId ${Buffer.from(cardId).toString('base64')}`,
      `kind ${Buffer.from(kind).toString('base64')}`,
      `name ${Buffer.from('Alex R.').toString('base64')}`,
    ].join(',');
    const created = await sendOverSocket(listeningOn, browser, {
      method: 'POST',
      path: repliesApi.uploads,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': metadata,
      },
    });
    const location = created.headers.location;
    for (const cookie of [created.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      browser.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (created.status !== 201) return { created, location, finished: undefined };
    const half = Math.floor(bytes.length / 2);
    const patch = (offset: number, chunk: Buffer) =>
      sendOverSocket(listeningOn, browser, {
        method: 'PATCH',
        path: location!,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: chunk,
      });
    const first = await patch(0, bytes.subarray(0, half));
    expect(first.status, first.body.toString()).toBe(204);
    const finished = await patch(half, bytes.subarray(half));
    return { created, location, finished };
  }

  it('takes a reaction and a text, signed with the card recipient by default, and counts no view', async () => {
    const { owner, card } = await ownersCard();
    const phone = new TestBrowser(app);
    expect((await phone.get(cardsApi.publicCard(card.id))).statusCode).toBe(200);
    const reacted = await replyTo(phone, card.id, { reaction: '🎉' });
    expect(reacted.statusCode, reacted.body).toBe(201);
    expect(sentReplySchema.parse(reacted.json())).toMatchObject({ kind: 'reaction' });
    // A device that never opened the card (a second phone with the link) may reply too, with its own name.
    const laptop = new TestBrowser(app);
    const wrote = await replyTo(laptop, card.id, { text: '  Thank you so much!  ', name: 'Alex R.' });
    expect(wrote.statusCode, wrote.body).toBe(201);

    const list = await repliesOf(owner.browser, card);
    expect(list.map(({ kind, reaction, text, name }) => ({ kind, reaction, text, name }))).toEqual(
      expect.arrayContaining([
        { kind: 'reaction', reaction: '🎉', text: null, name: cardDraft.recipientName },
        { kind: 'text', reaction: null, text: 'Thank you so much!', name: 'Alex R.' },
      ]),
    );
    expect(list).toHaveLength(2);
    // Only the phone that opened it counts: replying opens nothing.
    const seen = cardSchema.parse((await owner.browser.get(cardsApi.card(card.id))).json());
    expect(seen.viewCount).toBe(1);
    const views = await use()
      .database.db.selectFrom('cardViews')
      .select('deviceId')
      .where('cardId', '=', card.id)
      .execute();
    expect(views).toHaveLength(1);
  });

  it('refuses an empty text, a text over 500 characters and a reaction not among the six, each by its code', async () => {
    const { card } = await ownersCard();
    const phone = new TestBrowser(app);
    const empty = await replyTo(phone, card.id, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'reply-empty' });
    const long = await replyTo(phone, card.id, { text: 'a'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'reply-too-long' });
    // 500 emoji are 500 characters, though 1,000 UTF-16 units.
    expect((await replyTo(phone, card.id, { text: '🎂'.repeat(500) })).statusCode).toBe(201);
    const unknown = await replyTo(phone, card.id, { reaction: '💩' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown-reaction' });
    for (const reaction of REPLY_REACTIONS)
      expect((await replyTo(new TestBrowser(app), card.id, { reaction })).statusCode).toBe(201);
  });

  it('answers a reply to an unpaid card exactly like one to an unknown card', async () => {
    const { card } = await ownersCard({ paid: false });
    const phone = new TestBrowser(app);
    const unpaid = await replyTo(phone, card.id, { reaction: '❤️' });
    const unknown = await replyTo(phone, 'AAAAAAAAAAAAAAAAAAAAAA', { reaction: '❤️' });
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json()).toEqual(unknown.json());
    expect(unknown.json()).toMatchObject({ code: 'card-not-found' });
    const rows = await use()
      .database.db.selectFrom('cardReplies')
      .select('id')
      .where('cardId', '=', card.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('takes a voice and a video note by resumable upload, played back to the owner only', async () => {
    const { owner, card } = await ownersCard();
    const phone = new TestBrowser(app);
    const voice = await recordedVoice('chromium');
    const sentVoice = await uploadNote(phone, card.id, 'voice', voice);
    expect(sentVoice.finished?.status, sentVoice.finished?.body.toString()).toBe(200);
    expect(sentReplySchema.parse(JSON.parse(sentVoice.finished!.body.toString()))).toMatchObject({
      kind: 'voice',
    });
    const video = fakeVideo(300_000);
    const sentVideo = await uploadNote(phone, card.id, 'video', video);
    expect(sentVideo.finished?.status, sentVideo.finished?.body.toString()).toBe(200);

    const list = await repliesOf(owner.browser, card);
    const voiceReply = list.find((reply) => reply.kind === 'voice')!;
    expect(voiceReply).toMatchObject({ name: 'Alex R.', mediaType: 'audio/webm' });
    const played = await owner.browser.get(voiceReply.mediaUrl!);
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(voice)).toBe(true);
    expect(played.headers['x-content-type-options']).toBe('nosniff');
    const videoReply = list.find((reply) => reply.kind === 'video')!;
    expect((await owner.browser.get(videoReply.mediaUrl!)).rawPayload.equals(video)).toBe(true);

    // The recipient who sent it, a stranger, and a guessed id all get the same "not found".
    const guessed = repliesApi.media(card.id, 'AAAAAAAAAAAAAAAAAAAAAA');
    const answers = await Promise.all([
      phone.get(voiceReply.mediaUrl!),
      new TestBrowser(app).get(voiceReply.mediaUrl!),
      owner.browser.get(guessed),
      (await signUpAndVerify(app, use())).browser.get(voiceReply.mediaUrl!),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(answers[0].json());
    }
  });

  it("takes the notes' files with the account that owns the card", async () => {
    const { owner, card } = await ownersCard();
    const sent = await uploadNote(new TestBrowser(app), card.id, 'voice', await recordedVoice('chromium'));
    expect(sent.finished?.status, sent.finished?.body.toString()).toBe(200);
    const { mediaPath } = await use()
      .database.db.selectFrom('cardReplies')
      .select('mediaPath')
      .where('cardId', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(await storage.stat(mediaPath!)).not.toBeNull();

    const deleted = await owner.browser.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storage.stat(mediaPath!)).toBeNull();
  });

  it('refuses a note over its cap before any byte, and one that is not what it says by its content', async () => {
    const { card } = await ownersCard();
    const phone = new TestBrowser(app);
    const listeningOn = await port();
    for (const kind of ['voice', 'video'] as const) {
      const metadata = `cardId ${Buffer.from(card.id).toString('base64')},kind ${Buffer.from(kind).toString('base64')}`;
      const tooLarge = await sendOverSocket(listeningOn, phone, {
        method: 'POST',
        path: repliesApi.uploads,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(REPLY_MEDIA_MAX_BYTES[kind] + 1),
          'upload-metadata': metadata,
        },
      });
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body.toString())).toMatchObject({ code: 'payload-too-large' });
    }
    const notVoice = await uploadNote(phone, card.id, 'voice', Buffer.from('<html>not a voice note</html>'));
    expect(notVoice.finished?.status).toBe(415);
    const rows = await use()
      .database.db.selectFrom('cardReplies')
      .select('id')
      .where('cardId', '=', card.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('lets only the device that began an upload go on with it', async () => {
    const { card } = await ownersCard();
    const phone = new TestBrowser(app);
    const listeningOn = await port();
    const voice = await recordedVoice('chromium');
    const metadata = `cardId ${Buffer.from(card.id).toString('base64')},kind ${Buffer.from('voice').toString('base64')}`;
    // The phone opened the card first, so it has its viewer cookie.
    expect((await phone.get(cardsApi.publicCard(card.id))).statusCode).toBe(200);
    const created = await sendOverSocket(listeningOn, phone, {
      method: 'POST',
      path: repliesApi.uploads,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(voice.length),
        'upload-metadata': metadata,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    const head = (browser: TestBrowser) =>
      sendOverSocket(listeningOn, browser, {
        method: 'HEAD',
        path: location,
        headers: { 'tus-resumable': '1.0.0' },
      });
    expect((await head(phone)).status).toBe(200);
    expect((await head(new TestBrowser(app))).status).toBe(404);
  });

  it('lets only the owner list, mark seen and delete replies; new ones show as a count per card', async () => {
    const { owner, card } = await ownersCard();
    const phone = new TestBrowser(app);
    for (const reaction of ['❤️', '🙏'])
      expect((await replyTo(phone, card.id, { reaction })).statusCode).toBe(201);
    const counts = newRepliesResponseSchema.parse((await owner.browser.get(repliesApi.newCounts)).json());
    expect(counts.cards[card.id]).toBe(2);

    const stranger = (await signUpAndVerify(app, use())).browser;
    for (const browser of [stranger, phone]) {
      const listed = await browser.get(repliesApi.ofCard(card.id));
      expect(listed.statusCode).toBe(404);
      expect(listed.json()).toMatchObject({ code: 'card-not-found' });
      expect((await browser.post(repliesApi.seen(card.id))).statusCode).toBe(404);
    }
    const [first] = await repliesOf(owner.browser, card);
    const strangerDelete = await stranger.request({
      method: 'DELETE',
      url: repliesApi.reply(card.id, first!.id),
    });
    expect(strangerDelete.statusCode).toBe(404);
    expect(await repliesOf(owner.browser, card)).toHaveLength(2);

    expect((await owner.browser.post(repliesApi.seen(card.id))).statusCode).toBe(204);
    expect(
      newRepliesResponseSchema.parse((await owner.browser.get(repliesApi.newCounts)).json()).cards,
    ).toEqual({});
    const deleted = await owner.browser.request({
      method: 'DELETE',
      url: repliesApi.reply(card.id, first!.id),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await repliesOf(owner.browser, card)).map((reply) => reply.id)).not.toContain(first!.id);
    const again = await owner.browser.request({
      method: 'DELETE',
      url: repliesApi.reply(card.id, first!.id),
    });
    expect(again.statusCode).toBe(404);
  });

  it('limits replies per device and per address; a flood of 1,000 is refused quickly and the server keeps answering', async () => {
    const { card } = await ownersCard();
    // The clock stands at the start of an hour, where both limits' windows begin: the whole test falls in one
    // window of each, whenever it runs.
    pinnedTime = new Date(Math.ceil(Date.now() / HOUR) * HOUR);
    try {
      const phone = new TestBrowser(app);
      for (let i = 0; i < REPLY_RATE_LIMITS.perDevice.limit; i++)
        expect((await replyTo(phone, card.id, { reaction: '❤️' })).statusCode).toBe(201);
      const refused = await replyTo(phone, card.id, { reaction: '❤️' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate-limited' });

      // Many devices behind one address: the address's limit.
      const address = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 1000; i += 50) {
        const batch = await Promise.all(
          Array.from({ length: 50 }, () =>
            replyTo(new TestBrowser(app, address), card.id, { reaction: '🎉' }),
          ),
        );
        statuses.push(...batch.map((response) => response.statusCode));
        // Meanwhile, everyone else is answered.
        expect((await new TestBrowser(app).get(healthApi.health)).statusCode).toBe(200);
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(REPLY_RATE_LIMITS.perAddress.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        1000 - REPLY_RATE_LIMITS.perAddress.limit,
      );
    } finally {
      pinnedTime = null;
    }
  });

  /** The mails the outbox holds for an address, of reply kind. */
  const replyMails = (to: string) =>
    use()
      .database.db.selectFrom('mailOutbox')
      .select(['subject', 'text', 'html'])
      .where('to', '=', to)
      .where('kind', '=', 'card-reply')
      .execute();

  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const value = await read();
      if (done(value) || attempt > 200) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('mails the owner once per reply, in their language, and not once they turned it off', async () => {
    const { owner, card } = await ownersCard();
    const phone = new TestBrowser(app);
    expect((await replyTo(phone, card.id, { text: 'We loved it!' })).statusCode).toBe(201);
    expect((await replyTo(phone, card.id, { reaction: '🥰' })).statusCode).toBe(201);
    const mails = await eventually(
      () => replyMails(owner.email),
      (rows) => rows.length >= 2,
    );
    // A while longer: a second copy of either would have arrived by then.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await replyMails(owner.email)).toHaveLength(2);
    expect(mails.map((mail) => mail.text).join('\n')).toContain('We loved it!');
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${cardDraft.recipientName} replied to your WINC`,
      `${cardDraft.recipientName} replied to your WINC`,
    ]);

    // An owner who reads Arabic gets theirs in Arabic, the voice note said in words.
    const arabic = await ownersCard();
    await use()
      .database.db.updateTable('users')
      .set({ language: 'ar' })
      .where('email', '=', arabic.owner.email)
      .execute();
    expect(
      (await uploadNote(new TestBrowser(app), arabic.card.id, 'voice', await recordedVoice('safari')))
        .finished?.status,
    ).toBe(200);
    const [arabicMail] = await eventually(
      () => replyMails(arabic.owner.email),
      (rows) => rows.length >= 1,
    );
    expect(arabicMail!.subject).toBe(`ردّ Alex R. على بطاقتك WINC`);
    expect(arabicMail!.text).toContain('أرسل إليك Alex R. رسالة صوتية');

    expect((await owner.browser.get(repliesApi.mailSetting)).json()).toEqual({ enabled: true });
    const off = await owner.browser.request({
      method: 'PUT',
      url: repliesApi.mailSetting,
      payload: { enabled: false },
    });
    expect(off.json()).toEqual({ enabled: false });
    expect((await replyTo(phone, card.id, { text: 'One more thing' })).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await replyMails(owner.email)).toHaveLength(2);
  });

  it("stops reply mails with the mail's one-click unsubscribe", async () => {
    const { owner, card } = await ownersCard();
    expect((await replyTo(new TestBrowser(app), card.id, { reaction: '🙏' })).statusCode).toBe(201);
    const [mail] = await eventually(
      () => replyMails(owner.email),
      (rows) => rows.length >= 1,
    );
    const link = new RegExp(`${TEST_ORIGIN}(/api/reply-mail/unsubscribe/[A-Za-z0-9_-]+)`).exec(
      mail!.text,
    )![1]!;
    const page = await new TestBrowser(app).get(link);
    expect(page.statusCode).toBe(200);
    // Looking is not stopping (link checkers open every link of a mail).
    expect((await owner.browser.get(repliesApi.mailSetting)).json()).toEqual({ enabled: true });
    const oneClick = await app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await owner.browser.get(repliesApi.mailSetting)).json()).toEqual({ enabled: false });
  });

  it("tells the owner's live stream when a reply lands", async () => {
    const { owner, card } = await ownersCard();
    const listeningOn = await port();
    const text = await new Promise<string>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port: listeningOn,
          path: '/api/me/events',
          headers: { cookie: owner.browser.cookieHeader() },
        },
        (response) => {
          let received = '';
          let acted = false;
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            received += chunk;
            if (!acted && received.includes('event: credits')) {
              acted = true;
              void replyTo(new TestBrowser(app), card.id, { reaction: '😂' });
            }
            if (received.includes(`event: ${CARD_REPLIES_EVENT}`)) {
              request.destroy();
              resolve(received);
            }
          });
        },
      );
      request.on('error', reject);
    });
    expect(text).toContain(`event: ${CARD_REPLIES_EVENT}`);
  });

  it("takes an invitation guest's reply from their own link, signed with the guest's name", async () => {
    const { owner, card } = await ownersCard({
      paid: false,
      draft: {
        language: 'en',
        invitation: {
          title: 'Housewarming',
          startsAt: '2027-01-20T19:00',
          timeZone: 'Europe/Berlin',
          place: 'Berlin',
        },
      },
    });
    const added = await owner.browser.post(invitationsApi.guests(card.id), { guests: [{ name: 'Leila' }] });
    expect(added.statusCode, added.body).toBe(201);
    const token = guestListSchema.parse(added.json()).guests[0]!.linkPath.slice(3);
    // Not paid yet: the guest's link opens nothing, and takes no reply.
    const early = await new TestBrowser(app).post(repliesApi.fromGuest(token), { text: 'Coming!' });
    expect(early.json()).toMatchObject({ code: 'card-not-found' });
    expect((await owner.browser.post(cardsApi.unlock(card.id))).statusCode).toBe(200);
    const sent = await new TestBrowser(app).post(repliesApi.fromGuest(token), {
      text: 'Coming!',
      name: 'Someone',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [reply] = await repliesOf(owner.browser, card);
    expect(reply).toMatchObject({ kind: 'text', text: 'Coming!', name: 'Leila' });
    const unknown = await new TestBrowser(app).post(repliesApi.fromGuest('AAAAAAAAAAAAAAAAAAAAAA'), {
      text: 'Hi',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
