import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { AUTH_CALLBACKS } from '../../shared/accounts/accounts.contract.ts';
import type { TestDatabase } from './databases.ts';

/** The public origin the account tests run under (links in mails, the origin check). */
export const TEST_ORIGIN = 'http://localhost:3000';

let addressCounter = 0;
/** A fresh client address, so the per-IP rate limits of one test never meet another's. */
export function freshIp(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${crypto.randomBytes(5).toString('hex')}@example.com`;
}

/** Parses Set-Cookie headers of a response into name → {value, attributes}. */
export function setCookies(response: LightMyRequestResponse): Map<string, { value: string; raw: string }> {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const cookies = new Map<string, { value: string; raw: string }>();
  for (const raw of list) {
    const [pair = ''] = raw.split(';');
    const index = pair.indexOf('=');
    cookies.set(pair.slice(0, index).trim(), { value: pair.slice(index + 1).trim(), raw });
  }
  return cookies;
}

/**
 * A browser for app.inject: keeps cookies, sends our Origin on state-changing requests and comes from its own
 * client address.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly ip: string = freshIp(),
    private readonly origin: string = TEST_ORIGIN,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {
      ...(method === 'GET' || method === 'HEAD' ? {} : { origin: this.origin }),
      ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
      ...((options.headers as Record<string, string> | undefined) ?? {}),
    };
    const response = await this.app.inject({ remoteAddress: this.ip, ...options, headers });
    for (const [name, { value, raw }] of setCookies(response)) {
      if (value === '' || /max-age=0/i.test(raw)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      payload: payload ?? {},
      ...(headers ? { headers } : {}),
    });
  }
}

/** The newest mail to an address in the outbox (no SMTP in tests), with its first link. */
export async function latestMail(
  testDatabase: TestDatabase,
  to: string,
  kind?: string,
): Promise<{ subject: string; text: string; kind: string; language: string; link: string } | undefined> {
  let query = testDatabase.database.db
    .selectFrom('mailOutbox')
    .select(['subject', 'text', 'kind', 'language'])
    .where('to', '=', to);
  if (kind) query = query.where('kind', '=', kind);
  const row = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!row) return undefined;
  const link = /https?:\/\/[^\s)>\]]+/.exec(row.text)?.[0] ?? '';
  return { ...row, link };
}

export async function mailCount(testDatabase: TestDatabase, to: string): Promise<number> {
  const row = await testDatabase.database.db
    .selectFrom('mailOutbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('to', '=', to)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The path and query of an absolute link (to inject it). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs up, opens the verification mail's link and ends signed in (the link signs in). */
export async function signUpAndVerify(
  app: FastifyInstance,
  testDatabase: TestDatabase,
  options: { email?: string; password?: string; name?: string; origin?: string } = {},
): Promise<{ browser: TestBrowser; email: string; password: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const browser = new TestBrowser(app, undefined, options.origin);
  const signUp = await browser.post('/api/auth/sign-up/email', {
    name: options.name ?? 'Test User',
    email,
    password,
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const mail = await latestMail(testDatabase, email, 'verify-email');
  if (!mail) throw new Error('no verification mail');
  const verify = await browser.get(pathOf(mail.link));
  if (verify.statusCode !== 302) throw new Error(`verification failed: ${verify.statusCode} ${verify.body}`);
  return { browser, email, password };
}

/**
 * Opens a verification link in a browser that did not sign up (the mail read on another device): the link
 * verifies the address and sends that browser to choose the password, which signs it in there. Answers the
 * return path the page then goes on to.
 */
export async function verifyElsewhere(
  browser: TestBrowser,
  link: string,
  password = 'correct horse battery',
): Promise<string> {
  const verify = await browser.get(pathOf(link));
  const landing = new URL(String(verify.headers.location), TEST_ORIGIN);
  if (verify.statusCode !== 302 || landing.pathname !== AUTH_CALLBACKS.choosePassword) {
    throw new Error(`no password to choose: ${verify.statusCode} ${String(verify.headers.location)}`);
  }
  const chosen = await browser.post('/api/auth/reset-password', {
    token: landing.searchParams.get('token'),
    newPassword: password,
  });
  if (chosen.statusCode !== 200) throw new Error(`choosing the password failed: ${chosen.body}`);
  return landing.searchParams.get('next') ?? '';
}

/** Inserts a card straight into the database, with owners and guest ids set as a test needs them. */
export async function insertCard(
  testDatabase: TestDatabase,
  card: {
    id?: string;
    guestSessionId?: string | null;
    isGuestCard?: boolean;
    userId?: string | null;
    recipientImagePath?: string | null;
  },
): Promise<string> {
  const { db, codec } = testDatabase.database;
  const id = card.id ?? crypto.randomBytes(16).toString('base64url');
  const at = codec.date(new Date());
  await db
    .insertInto('cards')
    .values({
      id,
      userId: card.userId ?? null,
      authorId: card.userId ?? null,
      isGuestCard: codec.bool(card.isGuestCard ?? true),
      guestSessionId: card.guestSessionId ?? null,
      recipientImagePath: card.recipientImagePath ?? null,
      createdAt: at,
      lastModified: at,
      updatedAt: at,
      senderName: 'Sam',
      recipientName: 'Alex',
      message: 'Happy birthday!',
    })
    .execute();
  return id;
}

/**
 * Puts an account on a plan's tier ('plus_bulk', 'premium_monthly', …) without a purchase: for tests of what
 * a plan includes, not of how it is bought.
 */
export async function setTier(testDatabase: TestDatabase, email: string, tier: string): Promise<void> {
  await testDatabase.database.db.updateTable('users').set({ tier }).where('email', '=', email).execute();
}

/**
 * Adds a session to an account straight in the database: an unverified account cannot sign in to get one,
 * yet what verification does to sessions it might have is part of the rules.
 */
export async function insertSession(testDatabase: TestDatabase, userId: string): Promise<string> {
  const { db, codec } = testDatabase.database;
  const id = crypto.randomBytes(12).toString('base64url');
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id,
      token: crypto.randomBytes(24).toString('base64url'),
      userId,
      expiresAt: codec.date(new Date(now.getTime() + 24 * 60 * 60 * 1000)),
      createdAt: codec.date(now),
      updatedAt: codec.date(now),
      ipAddress: null,
      userAgent: null,
    })
    .execute();
  return id;
}

export async function findCard(testDatabase: TestDatabase, id: string) {
  const { db, codec } = testDatabase.database;
  const row = await db
    .selectFrom('cards')
    .select(['id', 'userId', 'authorId', 'isGuestCard', 'guestSessionId', 'transferredAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, isGuestCard: codec.readBool(row.isGuestCard) };
}

export async function findUserByEmail(testDatabase: TestDatabase, email: string) {
  return testDatabase.database.db
    .selectFrom('users')
    .select(['id', 'credits', 'tier', 'image', 'language', 'isDisabled', 'emailVerified'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/**
 * Waits, when needed, until the current fixed rate-limit window (our rate limits count per clock
 * window) has at least `needMs` left, so a test's burst of requests is counted in one window.
 */
export async function withinOneRateWindow(windowMs: number, needMs = 15_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
