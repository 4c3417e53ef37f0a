import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogApi, helpApi } from '../../../shared/api-paths.ts';
import { claimGuestCardsRequestSchema } from '../../../shared/accounts/accounts.contract.ts';
import { creditHistoryResponseSchema } from '../../../shared/payments/payments.contract.ts';
import { TEST_ORIGIN, TestBrowser } from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { useContractSchemas } from './contract-schemas.ts';
import { registerErrorHandler } from './error-handler.ts';

describe('route schemas from the shared contracts', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    useContractSchemas(app);
    registerErrorHandler(app);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/history',
      { schema: { response: { 200: creditHistoryResponseSchema } } },
      // What a repository row holds beyond the contract: the ledger's private reference and key.
      async () => ({
        entries: [
          {
            id: 'e1',
            delta: -30,
            balanceAfter: 70,
            reason: 'card-unlock',
            createdAt: '2026-11-24T10:00:00.000Z',
            reference: 'card-1234',
            idempotencyKey: 'unlock:card-1234',
          },
        ],
        userId: 'u1',
      }),
    );
    routes.post(
      '/claims/:id',
      {
        schema: {
          params: z.object({ id: z.string().max(5) }),
          body: claimGuestCardsRequestSchema,
        },
      },
      async (request) => ({ id: request.params.id, cardId: request.body.cardId ?? null }),
    );
    await app.ready();
  });
  afterAll(() => app?.close());

  it('answers only the fields the response contract names, nested ones too', async () => {
    const response = await app.inject({ method: 'GET', url: '/history' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      entries: [
        {
          id: 'e1',
          delta: -30,
          balanceAfter: 70,
          reason: 'card-unlock',
          createdAt: '2026-11-24T10:00:00.000Z',
        },
      ],
    });
    expect(response.body).not.toMatch(/card-1234|userId/);
  });

  it('refuses bad params and bodies with validation-failed and the issues by field', async () => {
    const params = await app.inject({ method: 'POST', url: '/claims/toolong', payload: {} });
    expect(params.statusCode).toBe(400);
    expect(params.json()).toEqual({
      code: 'validation-failed',
      message: 'The request is not valid.',
      details: [{ path: 'id', message: expect.any(String) }],
    });
    const body = await app.inject({ method: 'POST', url: '/claims/a', payload: { cardId: '' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      code: 'validation-failed',
      message: 'The request is not valid.',
      details: [{ path: 'cardId', message: expect.any(String) }],
    });
  });

  it('checks a request without a body as an empty one', async () => {
    const response = await app.inject({ method: 'POST', url: '/claims/a' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a', cardId: null });
  });
});

describeEachDatabase('contract checks on the real routes', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(() => app?.close());

  it('answers a body, a query and params that break their contract with 400 validation-failed', async () => {
    const browser = new TestBrowser(app);
    const help = await browser.post(helpApi.createRequest, {
      email: 'not-an-email',
      description: 'x',
      language: 'en',
    });
    expect(help.statusCode).toBe(400);
    expect(help.json()).toEqual({
      code: 'validation-failed',
      message: 'The request is not valid.',
      details: [{ path: 'email', message: 'invalid' }],
    });

    const query = await browser.get(`${catalogApi.templates}?page=0`);
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'validation-failed', details: [{ path: 'page' }] });

    const params = await browser.get(catalogApi.template(' '));
    expect(params.statusCode).toBe(400);
    expect(params.json()).toMatchObject({ code: 'validation-failed', details: [{ path: 'id' }] });
  });
});
