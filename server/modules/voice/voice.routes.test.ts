import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema, publicCardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import {
  greetingPreviewResponseSchema,
  type GreetingPreviewRequest,
} from '../../../shared/voice/voice.contract.ts';
import { TEST_ORIGIN, TestBrowser, setTier, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { startOpenAiServer } from '../../testing/openai-server.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { cardsApi, voiceApi } from '../../../shared/api-paths.ts';
import { greetingText } from '../../../shared/voice/greeting.ts';
import { LANGUAGE_HEADER } from '../../../shared/i18n/languages.ts';

type OpenAiServer = Awaited<ReturnType<typeof startOpenAiServer>>;

const preview: GreetingPreviewRequest = {
  recipientName: 'Alex',
  senderName: 'Sam',
  voice: 'female',
  language: 'en',
};

/** The MP3 a speech provider answers in these tests: an ID3 tag and one silent MPEG frame header. */
const PROVIDER_AUDIO = Buffer.concat([
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(2048),
]);

/** An MP3 by content: an ID3 tag or an MPEG audio frame sync. */
function isMp3(body: Buffer): boolean {
  return body.subarray(0, 3).toString('latin1') === 'ID3' || (body[0] === 0xff && (body[1]! & 0xe0) === 0xe0);
}

/**
 * The AI voice over HTTP (DESIGN §1.13, §1.17, §1.18): 'Hear it' synthesizes the greeting once per words,
 * voice, language and engine; a card names its greeting (and its message, when read aloud) in its language;
 * the recipient's page gets them; a card in a language other than the sender's UI is a Plus feature; Plus
 * senders hear the configured provider's voice, and the built-in one when it fails.
 */
describeEachDatabase('the AI voice', (use) => {
  let app: FastifyInstance;
  let openAi: OpenAiServer;

  beforeAll(async () => {
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    openAi = await startOpenAiServer();
    ({ app } = await buildTestApp(use(), {
      env: {
        PUBLIC_ORIGIN: TEST_ORIGIN,
        TTS_BASE_URL: openAi.baseUrl,
        TTS_MODEL: 'tts-test',
        TTS_VOICE_FEMALE: 'nova',
        TTS_VOICE_MALE: 'onyx',
      },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await openAi?.close();
  });

  const clipRow = (clipId: string) =>
    use()
      .database.db.selectFrom('voiceClips')
      .select(['engine', 'synthesizedAt', 'storageKey'])
      .where('id', '=', clipId)
      .executeTakeFirstOrThrow();
  const clipIdOf = (url: string) => /\/media\/voice\/([\w-]+)\.mp3$/.exec(url)![1]!;

  it("plays the built-in greeting for 'Hear it', synthesized once for the same words", async () => {
    const guest = new TestBrowser(app);
    const first = await guest.post(voiceApi.greetingPreview, preview);
    expect(first.statusCode, first.body).toBe(200);
    const heard = greetingPreviewResponseSchema.parse(first.json());
    expect(heard.text).toBe('Hi Alex, Sam made something for you.');

    const audio = await guest.get(heard.audioUrl);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.headers['cache-control']).toContain('immutable');
    expect(isMp3(audio.rawPayload)).toBe(true);
    expect(audio.rawPayload.length).toBeGreaterThan(4000);

    const clipId = clipIdOf(heard.audioUrl);
    const before = await clipRow(clipId);
    expect(before.engine).not.toContain('openai');
    const again = greetingPreviewResponseSchema.parse(
      (await new TestBrowser(app).post(voiceApi.greetingPreview, preview)).json(),
    );
    expect(again.audioUrl).toBe(heard.audioUrl);
    expect(await clipRow(clipId)).toEqual(before);

    const range = await guest.get(heard.audioUrl, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
  });

  it('greets in Arabic and Russian, in either voice, each its own clip', async () => {
    const urls = new Set<string>();
    for (const language of ['ar', 'ru'] as const) {
      for (const voice of ['male', 'female'] as const) {
        const response = await new TestBrowser(app).post(voiceApi.greetingPreview, {
          recipientName: language === 'ar' ? 'ليلى' : 'Аня',
          senderName: language === 'ar' ? 'سامي' : 'Саша',
          voice,
          language,
        });
        expect(response.statusCode, response.body).toBe(200);
        const heard = greetingPreviewResponseSchema.parse(response.json());
        expect(heard.text).toBe(
          greetingText(
            language,
            language === 'ar' ? 'ليلى' : 'Аня',
            language === 'ar' ? 'سامي' : 'Саша',
            'informal',
          ),
        );
        const audio = await new TestBrowser(app).get(heard.audioUrl);
        expect(isMp3(audio.rawPayload)).toBe(true);
        urls.add(heard.audioUrl);
      }
    }
    expect(urls.size).toBe(4);
  });

  it("speaks in the card's register: a Russian card that says 'вы' is greeted 'вам'", async () => {
    const response = await new TestBrowser(app).post(voiceApi.greetingPreview, {
      recipientName: 'Анна Петровна',
      senderName: 'Саша',
      voice: 'female',
      language: 'ru',
      form: 'formal',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(greetingPreviewResponseSchema.parse(response.json()).text).toBe(
      'Здравствуйте, Анна Петровна! Саша дарит вам кое-что особенное.',
    );
  });

  it('refuses a preview without names, and a clip that does not exist', async () => {
    const empty = await new TestBrowser(app).post(voiceApi.greetingPreview, {
      ...preview,
      recipientName: ' ',
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await new TestBrowser(app).get(voiceApi.clip('A'.repeat(43)));
    expect(unknown.statusCode).toBe(404);
  });

  it("names a card's greeting and read-aloud message, and gives them to the recipient once paid", async () => {
    const { browser } = await signUpAndVerify(app, use());
    const created = await browser.post(cardsApi.create, { ...cardDraft, readMessageAloud: true });
    expect(created.statusCode, created.body).toBe(201);
    const card: Card = cardSchema.parse(created.json());
    expect(card).toMatchObject({ language: 'en', readMessageAloud: true });
    expect(card.greetingAudioUrl).toMatch(/^\/media\/voice\/[\w-]{43}\.mp3$/);
    expect(card.messageAudioUrl).toMatch(/^\/media\/voice\/[\w-]{43}\.mp3$/);

    const quiet = cardSchema.parse(
      (
        await browser.request({
          method: 'PATCH',
          url: cardsApi.card(card.id),
          payload: { readMessageAloud: false },
        })
      ).json(),
    );
    expect(quiet.messageAudioUrl).toBeNull();
    expect(quiet.greetingAudioUrl).toBe(card.greetingAudioUrl);

    const renamed = cardSchema.parse(
      (
        await browser.request({
          method: 'PATCH',
          url: cardsApi.card(card.id),
          payload: { recipientName: 'Robin' },
        })
      ).json(),
    );
    expect(renamed.greetingAudioUrl).not.toBe(card.greetingAudioUrl);

    expect((await browser.post(cardsApi.unlock(card.id))).statusCode).toBe(200);
    const shared = publicCardSchema.parse(
      (await new TestBrowser(app).get(cardsApi.publicCard(card.id))).json(),
    );
    expect(shared).toMatchObject({
      language: 'en',
      greetingAudioUrl: renamed.greetingAudioUrl,
      messageAudioUrl: null,
    });
    // Paying prepared the greeting: it is synthesized before anyone opens the link.
    await expect
      .poll(async () => (await clipRow(clipIdOf(shared.greetingAudioUrl!))).storageKey, { timeout: 20_000 })
      .not.toBeNull();
    const audio = await new TestBrowser(app).get(shared.greetingAudioUrl!);
    expect(audio.statusCode).toBe(200);
    expect(isMp3(audio.rawPayload)).toBe(true);
  });

  it("keeps a free sender's card in their UI language; another language is a Plus feature", async () => {
    const free = await signUpAndVerify(app, use());
    const inArabic = { ...cardDraft, language: 'ar' };
    const refused = await free.browser.post(cardsApi.create, inArabic, { [LANGUAGE_HEADER]: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan-required' });

    const ownLanguage = await free.browser.post(cardsApi.create, inArabic, { [LANGUAGE_HEADER]: 'ar' });
    expect(ownLanguage.statusCode, ownLanguage.body).toBe(201);
    const arabicCard = cardSchema.parse(ownLanguage.json());
    expect(arabicCard.language).toBe('ar');
    const defaulted = cardSchema.parse(
      (await free.browser.post(cardsApi.create, cardDraft, { [LANGUAGE_HEADER]: 'ru' })).json(),
    );
    expect(defaulted.language).toBe('ru');

    // Back on an English screen: the Arabic card may still be edited, but not moved to Russian.
    const edit = (payload: object) =>
      free.browser.request({
        method: 'PATCH',
        url: cardsApi.card(arabicCard.id),
        payload,
        headers: { [LANGUAGE_HEADER]: 'en' },
      });
    expect((await edit({ message: 'Eid Mubarak!' })).statusCode).toBe(200);
    expect((await edit({ language: 'ru' })).json()).toMatchObject({ code: 'plan-required' });

    const plus = await signUpAndVerify(app, use());
    await setTier(use(), plus.email, 'plus_bulk');
    const plusCard = await plus.browser.post(cardsApi.create, inArabic, { [LANGUAGE_HEADER]: 'en' });
    expect(plusCard.statusCode, plusCard.body).toBe(201);
  });

  it("gives Plus senders the provider's voice, and the built-in one when it fails", async () => {
    expect((await app.inject('/api/config')).json()).toMatchObject({
      aiProviders: { writer: false, voice: true },
    });
    const plus = await signUpAndVerify(app, use());
    await setTier(use(), plus.email, 'plus_bulk');
    openAi.answerSpeechWith({ kind: 'audio', data: PROVIDER_AUDIO });
    openAi.requests.length = 0;
    const heard = greetingPreviewResponseSchema.parse(
      (
        await plus.browser.post(voiceApi.greetingPreview, { ...preview, recipientName: 'Kim', voice: 'male' })
      ).json(),
    );
    expect(openAi.requests).toHaveLength(1);
    expect(openAi.requests[0]!.path).toBe('/v1/audio/speech');
    expect(openAi.requests[0]!.body).toMatchObject({
      model: 'tts-test',
      voice: 'onyx',
      input: 'Hi Kim, Sam made something for you.',
    });
    expect((await plus.browser.get(heard.audioUrl)).rawPayload.equals(PROVIDER_AUDIO)).toBe(true);

    openAi.answerSpeechWith({ kind: 'status', status: 500 });
    const fallback = await plus.browser.post(voiceApi.greetingPreview, { ...preview, recipientName: 'Lee' });
    expect(fallback.statusCode).toBe(200);
    const fallbackUrl = greetingPreviewResponseSchema.parse(fallback.json()).audioUrl;
    expect((await clipRow(clipIdOf(fallbackUrl))).engine).not.toContain('openai');
    const audio = await plus.browser.get(fallbackUrl);
    expect(isMp3(audio.rawPayload)).toBe(true);
    expect(audio.rawPayload.equals(PROVIDER_AUDIO)).toBe(false);
  });
});
