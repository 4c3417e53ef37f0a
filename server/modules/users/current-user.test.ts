import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { meResponseSchema } from '../../../shared/accounts/accounts.contract.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findUserByEmail,
  setCookies,
  signUpAndVerify,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_COOKIE = 'winc.session_token';

describeEachDatabase('current user: the session of a request', (use) => {
  let app: FastifyInstance;
  let other: FastifyInstance;
  let statements: string[] = [];

  beforeAll(async () => {
    const env = { PUBLIC_ORIGIN: TEST_ORIGIN, AUTH_SECRET: 'a-shared-test-secret-that-is-long-enough-42' };
    ({ app } = await buildTestApp(use(), { env, onStatement: (sql) => statements.push(sql) }));
    // A second instance on the same database, as behind a load balancer.
    ({ app: other } = await buildTestApp(use(), { env }));
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
  });

  async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
    statements = [];
    await request();
    return statements;
  }

  const signedInUser = async (browser: TestBrowser) =>
    meResponseSchema.parse((await browser.get('/api/me')).json()).user;

  it('reads the session and its user in one query, once per request', async () => {
    const { browser } = await signUpAndVerify(app, use());
    const run = await statementsOf(() => browser.get('/api/me'));
    expect(run).toHaveLength(1);
    expect(run[0]).toMatch(/from "sessions" inner join "users"/);

    const created = await browser.post('/api/cards', { senderName: 'Sam', recipientName: 'Alex' });
    const cardId = created.json<{ id?: string }>().id;
    const read = await statementsOf(() => browser.get(`/api/cards/${cardId}`));
    expect(read.filter((sql) => /"sessions"|from "users"/.test(sql))).toHaveLength(1);
  });

  it('makes no query for a request without a session cookie', async () => {
    const run = await statementsOf(() => app.inject('/api/me'));
    expect(run).toEqual([]);
  });

  it('stops a signed-out session at once, on another instance too', async () => {
    const { browser } = await signUpAndVerify(app, use());
    const elsewhere = new TestBrowser(other);
    for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value);
    expect(await signedInUser(elsewhere)).not.toBeNull();

    expect((await browser.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    expect(await signedInUser(elsewhere)).toBeNull();
  });

  it('stops the session of a deleted account at once, on another instance too', async () => {
    const { browser, password } = await signUpAndVerify(app, use());
    const elsewhere = new TestBrowser(other);
    for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value);
    expect(await signedInUser(elsewhere)).not.toBeNull();

    const deleted = await browser.request({ method: 'DELETE', url: '/api/me', payload: { password } });
    expect(deleted.statusCode).toBe(200);
    const me = await elsewhere.get('/api/me');
    expect(me.json()).toEqual({ user: null });
    expect(setCookies(me).get(SESSION_COOKIE)?.raw).toMatch(/Max-Age=0/);
  });

  it('refuses a session cookie whose signature is not ours, and clears it', async () => {
    const { browser } = await signUpAndVerify(app, use());
    const signed = decodeURIComponent(browser.cookies.get(SESSION_COOKIE)!);
    const token = signed.slice(0, signed.lastIndexOf('.'));
    const signature = signed.slice(signed.lastIndexOf('.') + 1);
    const otherToken = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    const forgeries = [token, `${token}.${'A'.repeat(43)}=`, `${otherToken}.${signature}`];
    for (const forged of forgeries) {
      const me = await app.inject({
        url: '/api/me',
        headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(forged)}` },
      });
      expect(me.json()).toEqual({ user: null });
      expect(setCookies(me).get(SESSION_COOKIE)?.raw).toMatch(/Max-Age=0/);
    }
    expect(await signedInUser(browser)).not.toBeNull();
  });

  it('renews a session due for it, pushing its expiry back and renewing the cookie', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const { db, codec } = use().database;
    const user = await findUserByEmail(use(), email);
    // A 7-day session made two days ago: past better-auth's one-day update age.
    const expiresAt = new Date(Date.now() + 5 * DAY_MS);
    await db
      .updateTable('sessions')
      .set({ expiresAt: codec.date(expiresAt) })
      .where('userId', '=', user!.id)
      .execute();

    const me = await browser.get('/api/me');
    expect(me.json().user).not.toBeNull();
    expect(setCookies(me).get(SESSION_COOKIE)?.raw).toMatch(/Max-Age=604800/);
    const session = await db
      .selectFrom('sessions')
      .select('expiresAt')
      .where('userId', '=', user!.id)
      .executeTakeFirstOrThrow();
    expect(codec.readDate(session.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);

    // Renewed, it serves as it is again: one query, no cookie.
    const next = await statementsOf(async () => {
      const again = await browser.get('/api/me');
      expect(setCookies(again).has(SESSION_COOKIE)).toBe(false);
    });
    expect(next).toHaveLength(1);
  });
});
