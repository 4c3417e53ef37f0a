import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema } from '../../../shared/cards/cards.contract.ts';
import { cardMediaApi, cardsApi, paymentsApi } from '../../../shared/api-paths.ts';
import { createCatalogRepository } from '../../modules/catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../../modules/catalog/catalog-source.ts';
import { signUpAndVerify, TEST_ORIGIN } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { fakeVoice } from '../../testing/media-fixture.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one series in Prometheus's text format, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase('Prometheus metrics', (use) => {
  let app: FastifyInstance;
  let withoutToken: FastifyInstance;

  beforeAll(async () => {
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN, METRICS_TOKEN: TOKEN } }));
    ({ app: withoutToken } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(async () => {
    await app?.close();
    await withoutToken?.close();
  });

  const scrape = async () => {
    const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('is off without METRICS_TOKEN, and asks for the token when it is set', async () => {
    expect((await withoutToken.inject('/metrics')).statusCode).toBe(404);
    expect((await app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(wrong.body).not.toContain('process_cpu');
    expect(await scrape()).toContain('process_cpu_user_seconds_total');
  });

  it('counts requests by route pattern, never by the URL sent', async () => {
    const id = 'NoSuchCardAtAll0123456';
    await app.inject(cardsApi.card(id));
    await app.inject(cardsApi.card(id));
    await app.inject('/no/such/path/xyz');
    const text = await scrape();
    expect(
      valueOf(
        text,
        'winc_http_request_duration_seconds_count{method="GET",route="/api/cards/:id",status_code="404"}',
      ),
    ).toBe(2);
    expect(text).not.toContain(id);
    expect(
      valueOf(
        text,
        'winc_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('/no/such/path');
  });

  it('counts unlocks, credit grants and uploads where they happen', async () => {
    const { browser } = await signUpAndVerify(app, use());
    const checkout = await browser.post(paymentsApi.checkout, { planId: 'premium', billingCycle: 'bulk' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const orderId = decodeURIComponent(checkout.json<{ url: string }>().url.split('/').pop()!);
    expect((await browser.post(paymentsApi.completeTestCheckout(orderId))).statusCode).toBe(200);
    // Completing it again grants nothing, and counts nothing.
    await browser.post(paymentsApi.completeTestCheckout(orderId));

    const created = await browser.post(cardsApi.create, cardDraft);
    const card = cardSchema.parse(created.json());
    const upload = await browser.request({
      method: 'PUT',
      url: cardMediaApi.media(card.id, 'audio'),
      headers: { 'content-type': 'application/octet-stream' },
      payload: fakeVoice(2000),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await browser.post(cardsApi.unlock(card.id))).statusCode).toBe(200);
    // A repeated unlock charges nothing, and counts nothing.
    expect((await browser.post(cardsApi.unlock(card.id))).statusCode).toBe(200);

    const text = await scrape();
    expect(valueOf(text, 'winc_card_unlocks_total')).toBe(1);
    expect(
      valueOf(text, 'winc_credit_grants_total{plan="premium",billing_cycle="bulk",provider="test-mode"}'),
    ).toBe(1);
    expect(valueOf(text, 'winc_credits_granted_total')).toBeGreaterThan(0);
    expect(valueOf(text, 'winc_card_media_uploads_started_total{kind="audio",method="single"}')).toBe(1);
    expect(valueOf(text, 'winc_card_media_uploads_finished_total{kind="audio",method="single"}')).toBe(1);
  });

  it('shows the database pool (PostgreSQL) and the speech queue', async () => {
    const text = await scrape();
    if (use().dialect === 'postgres') {
      expect(valueOf(text, 'winc_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(valueOf(text, 'winc_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('winc_db_pool_connections{');
    }
    expect(valueOf(text, 'winc_speech_synthesis_queued')).toBe(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
