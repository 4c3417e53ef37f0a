import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HELP_REQUESTS_PER_HOUR } from '../../../shared/help/help.contract.ts';
import { TEST_ORIGIN, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createMailOutboxRepository } from '../../platform/mail/mail-outbox.repository.ts';
import { createHelpRepository } from './help.repository.ts';

const SUPPORT = 'help-desk@winc.test';
let ipCounter = 0;
/** Each test asks from its own address, so the per-IP limit of one test never affects another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

describeEachDatabase('help request routes', (use) => {
  let app: FastifyInstance;
  const now = new Date('2026-05-04T09:30:00.000Z');

  beforeAll(async () => {
    ({ app } = await buildTestApp(use(), {
      env: { SUPPORT_EMAIL: SUPPORT, PUBLIC_ORIGIN: TEST_ORIGIN },
      now: () => now,
    }));
  });
  afterAll(() => app?.close());

  const post = (body: unknown, ip = nextIp()) =>
    app.inject({ method: 'POST', url: '/api/help-requests', payload: body as object, remoteAddress: ip });

  it('stores the request, mails support (English) and the requester (their language), answers 201 {id}', async () => {
    const response = await post({
      email: '  Nadia@Example.com ',
      phone: '+7 (900) 123-45-67',
      description: 'Не открывается открытка.\nЧто делать?',
      language: 'ru',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(/^[2-9A-Z]{10}$/);

    const stored = await createHelpRepository(use().database).findById(id);
    expect(stored).toEqual({
      id,
      email: 'Nadia@Example.com',
      phone: '+7 (900) 123-45-67',
      description: 'Не открывается открытка.\nЧто делать?',
      language: 'ru',
      userId: null,
      createdAt: now,
    });

    const outbox = createMailOutboxRepository(use().database);
    const mails = await outbox.listNewest(10);
    const toSupport = mails.find((m) => m.kind === 'help-request');
    const receipt = mails.find((m) => m.kind === 'help-receipt');
    expect(toSupport).toMatchObject({ to: SUPPORT, language: 'en' });
    expect(toSupport!.subject).toBe(`Help request ${id} from Nadia@Example.com`);
    expect(receipt).toMatchObject({
      to: 'Nadia@Example.com',
      language: 'ru',
      subject: 'Мы получили ваше обращение',
    });

    const supportBody = (await outbox.findById(toSupport!.id))!.text;
    expect(supportBody).toContain('+7 (900) 123-45-67');
    expect(supportBody).toContain('Language: Русский');
    expect(supportBody).toContain('> Не открывается открытка.\n> Что делать?');
    expect((await outbox.findById(receipt!.id))!.text).toContain(id);
  });

  it("records the signed-in requester's account", async () => {
    const { browser } = await signUpAndVerify(app, use());
    const me = (await browser.get('/api/me')).json<{ user: { id: string } }>();
    const response = await browser.post('/api/help-requests', {
      email: 'member@example.com',
      description: 'Where is my card?',
      language: 'en',
    });
    expect(response.statusCode).toBe(201);
    const stored = await createHelpRepository(use().database).findById(response.json<{ id: string }>().id);
    expect(stored?.userId).toBe(me.user.id);
  });

  it('accepts a request without a phone number', async () => {
    const response = await post({ email: 'a@example.com', description: 'Hello', language: 'en', phone: '' });
    expect(response.statusCode).toBe(201);
    const stored = await createHelpRepository(use().database).findById(response.json().id);
    expect(stored?.phone).toBeNull();
  });

  it('rejects missing and invalid fields with validation-failed and the field of each problem', async () => {
    const cases: [unknown, string, string][] = [
      [{ description: 'x', language: 'en' }, 'email', 'required'],
      [{ email: '   ', description: 'x', language: 'en' }, 'email', 'required'],
      [{ email: 'not-an-email', description: 'x', language: 'en' }, 'email', 'invalid'],
      [{ email: 'a@example.com', description: '  ', language: 'en' }, 'description', 'required'],
      [{ email: 'a@example.com', description: 'x'.repeat(5001), language: 'en' }, 'description', 'too-long'],
      [{ email: 'a@example.com', description: 'x', phone: 'call me', language: 'en' }, 'phone', 'invalid'],
      [
        { email: 'a@example.com', description: 'x', phone: '1'.repeat(41), language: 'en' },
        'phone',
        'too-long',
      ],
      [{ email: 'a@example.com', description: 'x', language: 'fr' }, 'language', expect.any(String)],
    ];
    for (const [body, path, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation-failed',
        details: expect.arrayContaining([{ path, message }]),
      });
    }
    expect(
      (await post({ email: 'a@example.com', description: 'x'.repeat(5000), language: 'en' })).statusCode,
    ).toBe(201);
  });

  it(`allows ${HELP_REQUESTS_PER_HOUR} requests per hour from one address, then answers 429 rate-limited`, async () => {
    const ip = nextIp();
    const body = { email: 'busy@example.com', description: 'Again', language: 'en' };
    for (let i = 0; i < HELP_REQUESTS_PER_HOUR; i++) expect((await post(body, ip)).statusCode).toBe(201);
    const limited = await post(body, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate-limited' });
    // Another address is not affected.
    expect((await post(body)).statusCode).toBe(201);
  });

  it('refuses a cross-site post', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/help-requests',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@example.com', description: 'x', language: 'en' },
    });
    expect(response.statusCode).toBe(403);
  });
});
