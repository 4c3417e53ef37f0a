import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountsApi,
  adminApi,
  aiApi,
  cardsApi,
  catalogApi,
  helpApi,
  myWincsApi,
  voiceApi,
} from '../shared/api-paths.ts';
import { adminCallers } from './testing/admin-fixture.ts';
import { TEST_ORIGIN, TestBrowser, uniqueEmail } from './testing/accounts-fixture.ts';
import { cardDraft } from './testing/card-fixture.ts';
import { fixtureCatalogSource, writeFixtureImages } from './testing/catalog-fixture.ts';
import { describeEachDatabase, type TestDatabase } from './testing/databases.ts';
import { buildTestApp } from './testing/test-app.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { normalizeCatalogSource } from './modules/catalog/catalog-source.ts';
import { createFileStorage } from './platform/storage/create-file-storage.ts';

/**
 * The text rule (shared/text/names.ts) on every route that takes text: a string holding NUL or a lone surrogate
 * is refused with 400 `validation-failed`, its field named with `invalid-characters`, before anything is
 * stored — on SQLite, and on PostgreSQL, which cannot store NUL at all.
 */

const ADMIN_EMAIL = 'text-admin@example.com';
/**
 * Values as JSON carries them: the escapes reach the server as they are (a UTF-8 encoder would turn a lone
 * surrogate into U+FFFD before it left).
 */
const NOT_TEXT = ['Sam\\u0000', 'a\\ud800b', '\\udc00x'];

type Caller = 'guest' | 'user' | 'admin';
interface BodyRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  /** The path when `url` is a pattern naming a row the test makes first. */
  path?: () => string;
  as: Caller;
  /** A body the route takes. */
  body: () => Record<string, unknown>;
  /** Dotted paths of the fields that take text (an array's first element is `.0`). */
  fields: string[];
  /** Fields of a fixed set of values: refused too, with their own message. */
  choices?: string[];
}

/** A copy of `body` with the field at a dotted path set to `value`. */
function withField(body: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1)!] = value;
  return copy;
}

/** The raw JSON of `body` with `raw` (JSON escapes) as the field's value. */
function jsonWith(body: Record<string, unknown>, path: string, raw: string): string {
  const json = JSON.stringify(withField(body, path, 'NOT-TEXT-HERE'));
  expect(json).toContain('"NOT-TEXT-HERE"');
  return json.replace('"NOT-TEXT-HERE"', `"${raw}"`);
}

/** Everything a refused request must leave as it was: the rows of every table it could write. */
async function storedRows(testDatabase: TestDatabase): Promise<string> {
  const tables = [
    'users',
    'accounts',
    'cards',
    'mediaUploads',
    'voiceClips',
    'cardViews',
    'categories',
    'styles',
    'events',
    'templates',
    'catalogChanges',
    'catalogVersion',
    'mailOutbox',
    'helpRequests',
    'rateLimitWindows',
    'creditLedger',
    'signupGuestSessions',
    'paymentOrders',
  ] as const;
  const { db } = testDatabase.database;
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(snapshot);
}

/** Schema wrappers whose inner schema takes the value. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema that first reads a value given to `schema`: wrappers and the input of pipes unwrapped. */
function reader(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

/** Every place a schema takes a string, by dotted path, with the schema that reads it there. */
function stringFields(schema: z.ZodType, path: string[] = []): { path: string; schema: z.ZodType }[] {
  const core = reader(schema);
  const def = core._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    options?: z.ZodType[];
  };
  switch (def.type) {
    case 'string':
      return [{ path: path.join('.'), schema }];
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, field]) => stringFields(field, [...path, key]));
    case 'array':
      return stringFields(def.element!, [...path, '0']);
    case 'union':
      return def.options!.flatMap((option) => stringFields(option, path));
    default:
      return [];
  }
}

describeEachDatabase('text inputs', (use) => {
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  const callers = {} as Record<Caller, TestBrowser>;
  let cardId: string;

  beforeAll(async () => {
    const clock = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(clock), clock),
    );
    const built = await buildTestApp(use(), {
      env: { PUBLIC_ORIGIN: TEST_ORIGIN, ADMIN_EMAILS: ADMIN_EMAIL },
      onRoute: (route) => routes.push(route),
    });
    app = built.app;
    await writeFixtureImages(await createFileStorage(built.config));
    const { admin, user } = await adminCallers(app, use(), {
      adminEmail: ADMIN_EMAIL,
      unverifiedAdminEmail: uniqueEmail('unverified'),
    });
    callers.admin = admin;
    callers.user = user;
    callers.guest = new TestBrowser(app);
    const card = await callers.guest.post(cardsApi.create, cardDraft);
    expect(card.statusCode).toBe(201);
    cardId = card.json().id;
  });
  afterAll(() => app?.close());

  it('gives every string a route body or query takes the text rule', () => {
    const checked: string[] = [];
    const failures: string[] = [];
    for (const route of routes) {
      const schema = route.schema as Partial<Record<'body' | 'querystring', z.ZodType>> | undefined;
      for (const part of ['body', 'querystring'] as const) {
        if (!schema?.[part]) continue;
        for (const field of stringFields(schema[part])) {
          const name = `${String(route.method)} ${route.url} ${part}.${field.path}`;
          checked.push(name);
          for (const value of ['\u0000', 'a\u0000b', '\uD800', 'a\uDC00b']) {
            // Refused as not text, or because only a format (a pattern, an address, a date) is taken.
            const issues = field.schema.safeParse(value).error?.issues ?? [];
            const refused = issues.some(
              (issue) => issue.message === 'invalid-characters' || issue.code === 'invalid_format',
            );
            if (!refused) failures.push(`${name} takes ${JSON.stringify(value)}`);
          }
        }
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        `POST ${cardsApi.create} body.message`,
        `POST ${aiApi.messages} body.personalDetails`,
        `POST ${helpApi.createRequest} body.description`,
        `POST ${adminApi.templates} body.translations.description.ar`,
        `PUT ${adminApi.category.route} body.tags.0`,
        `GET ${catalogApi.templates} querystring.q`,
      ]),
    );
    expect(failures).toEqual([]);
  });

  const bodyRoutes: BodyRoute[] = [
    {
      method: 'POST',
      url: cardsApi.create,
      as: 'guest',
      body: () => cardDraft,
      fields: ['templateId', 'senderName', 'recipientName', 'message'],
    },
    {
      method: 'PATCH',
      url: cardsApi.card.route,
      path: () => cardsApi.card(cardId),
      as: 'guest',
      body: () => cardDraft,
      fields: ['templateId', 'senderName', 'recipientName', 'message'],
    },
    {
      method: 'POST',
      url: aiApi.messages,
      as: 'guest',
      body: () => ({
        occasion: 'Birthday',
        tone: 'Heartfelt & Emotional',
        relationship: 'Close Friend',
        recipientName: 'Alex',
        senderName: 'Sam',
        personalDetails: 'loves hiking',
        previous: 'Happy birthday!',
        language: 'en',
      }),
      fields: ['recipientName', 'senderName', 'personalDetails', 'previous'],
      choices: ['occasion', 'tone', 'relationship', 'language'],
    },
    {
      method: 'POST',
      url: voiceApi.greetingPreview,
      as: 'guest',
      body: () => ({ recipientName: 'Alex', senderName: 'Sam', voice: 'female', language: 'en' }),
      fields: ['recipientName', 'senderName'],
    },
    {
      method: 'POST',
      url: helpApi.createRequest,
      as: 'guest',
      body: () => ({
        email: 'help@example.com',
        phone: '+1 555 0100',
        description: 'It broke',
        language: 'en',
      }),
      fields: ['email', 'phone', 'description'],
    },
    { method: 'PATCH', url: accountsApi.me, as: 'user', body: () => ({ name: 'Alex' }), fields: ['name'] },
    {
      method: 'POST',
      url: accountsApi.claimGuestCards,
      as: 'user',
      body: () => ({ cardId: 'AAAAAAAAAAAAAAAAAAAAAA' }),
      fields: ['cardId'],
    },
    ...(['POST', 'PUT'] as const).flatMap((method): BodyRoute[] => [
      {
        method,
        url: method === 'POST' ? adminApi.templates : adminApi.template('birthday-02'),
        as: 'admin',
        body: () => ({
          name: 'Balloons',
          description: 'Up\nand away',
          translations: { name: { ar: 'بالونات', ru: 'Шары' }, description: { ar: 'عاليا', ru: 'Ввысь' } },
          tags: ['party'],
          categoryId: 'birthday',
          styleId: 'playful',
          isActive: true,
        }),
        fields: [
          'name',
          'description',
          'translations.name.ar',
          'translations.name.ru',
          'translations.description.ar',
          'translations.description.ru',
          'tags.0',
          'categoryId',
          'styleId',
        ],
      },
      {
        method,
        url: method === 'POST' ? adminApi.categories : adminApi.category('wedding'),
        as: 'admin',
        body: () => ({
          name: 'Party',
          translations: { ar: 'حفلة', ru: 'Вечеринка' },
          rank: null,
          isActive: true,
          tags: ['party'],
        }),
        fields: ['name', 'translations.ar', 'translations.ru', 'tags.0'],
      },
      {
        method,
        url: method === 'POST' ? adminApi.styles : adminApi.style('elegant'),
        as: 'admin',
        body: () => ({ name: 'Bold', translations: { ar: 'جريء', ru: 'Смелый' }, isActive: true }),
        fields: ['name', 'translations.ar', 'translations.ru'],
      },
      {
        method,
        url: method === 'POST' ? adminApi.events : adminApi.event('ev-love'),
        as: 'admin',
        body: () => ({
          name: 'Party',
          tag: 'party',
          iconKeyword: 'balloon',
          translations: { ru: 'Вечеринка' },
          isActive: true,
        }),
        fields: ['name', 'tag', 'iconKeyword', 'translations.ar', 'translations.ru'],
      },
    ]),
    {
      method: 'PUT',
      url: adminApi.categoryRanks,
      as: 'admin',
      body: () => ({ ranks: [{ id: 'wedding', rank: 5 }] }),
      fields: ['ranks.0.id'],
    },
    {
      method: 'POST',
      url: accountsApi.signUp,
      as: 'guest',
      body: () => ({ name: 'Alex', email: uniqueEmail('text'), password: 'correct horse battery' }),
      fields: ['name', 'email', 'password'],
    },
    {
      method: 'POST',
      url: accountsApi.signIn,
      as: 'guest',
      body: () => ({ email: ADMIN_EMAIL, password: 'correct horse battery' }),
      fields: ['email', 'password'],
    },
    {
      method: 'POST',
      url: accountsApi.requestPasswordReset,
      as: 'guest',
      body: () => ({ email: ADMIN_EMAIL }),
      fields: ['email'],
    },
    {
      method: 'POST',
      url: accountsApi.resetPassword,
      as: 'guest',
      body: () => ({ token: 'some-token', newPassword: 'another horse battery' }),
      fields: ['token', 'newPassword'],
    },
    {
      method: 'POST',
      url: accountsApi.changeEmail,
      as: 'user',
      body: () => ({ newEmail: uniqueEmail('moved') }),
      fields: ['newEmail'],
    },
  ];

  for (const route of bodyRoutes) {
    const label = `${route.method} ${route.url} (${route.as})`;
    it(`refuses NUL and lone surrogates in every text field of ${label}, storing nothing`, async () => {
      const browser = callers[route.as];
      const url = route.path?.() ?? route.url;
      const send = (payload: string) =>
        browser.request({
          method: route.method,
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
      const before = await storedRows(use());
      const answers: unknown[] = [];
      const expected: unknown[] = [];
      for (const field of [...route.fields, ...(route.choices ?? [])]) {
        const message = route.fields.includes(field) ? 'invalid-characters' : expect.any(String);
        for (const raw of NOT_TEXT) {
          const response = await send(jsonWith(route.body(), field, raw));
          answers.push({ field, raw, status: response.statusCode, body: response.json<unknown>() });
          expected.push({
            field,
            raw,
            status: 400,
            body: expect.objectContaining({
              code: 'validation-failed',
              details: [{ path: field, message }],
            }) as unknown,
          });
        }
      }
      expect(answers).toEqual(expected);
      expect(await storedRows(use())).toBe(before);
    });
  }

  it('refuses NUL in the query of every route that takes one', async () => {
    const queries: [Caller, (value: string) => string, string][] = [
      ['guest', (value) => `${catalogApi.templates}?q=${value}`, 'q'],
      ['guest', (value) => `${accountsApi.auth}/verify-email?token=${value}`, 'token'],
      ['guest', (value) => `${catalogApi.templates}?category=${value}`, 'category'],
      ['guest', (value) => `${catalogApi.templates}?style=${value}`, 'style'],
      ['guest', (value) => `${catalogApi.templates}?event=${value}`, 'event'],
      ['user', (value) => `${myWincsApi.list}?category=${value}`, 'category'],
      [
        'guest',
        (value) =>
          `${catalogApi.templateImage.route.replace(':id', 'birthday-01').replace(':variant', 'thumb')}?v=${value}`,
        'v',
      ],
    ];
    for (const [as, url, field] of queries) {
      const response = await callers[as].get(url('a%00b'));
      expect({ url: url('a%00b'), status: response.statusCode, body: response.json<unknown>() }).toEqual({
        url: url('a%00b'),
        status: 400,
        body: expect.objectContaining({
          code: 'validation-failed',
          details: [{ path: field, message: 'invalid-characters' }],
        }) as unknown,
      });
      // A URL carries no lone surrogate (its escapes are UTF-8): the escape of one is no failure either.
      const escaped = await callers[as].get(url('a%ED%A0%80b'));
      expect(escaped.statusCode, url('a%ED%A0%80b')).toBeLessThan(500);
    }
  });

  it('answers a path parameter that is not text without a server failure, on every route', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes) {
      if (!route.url.includes('/:')) continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        for (const value of ['x%00y', '%00', 'x%ED%A0%80y']) {
          const url = route.url.replace(/:\w+/g, value);
          const response = await callers.admin.request({
            method,
            url,
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          tried += 1;
          if (response.statusCode >= 500)
            failures.push(`${method} ${url}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it('refuses NUL in a catalog path parameter as not text', async () => {
    for (const url of [
      catalogApi.template('a\u0000b'),
      catalogApi.category('a\u0000b'),
      catalogApi.style('a\u0000b'),
    ]) {
      const response = await callers.guest.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation-failed',
        details: [{ message: 'invalid-characters' }],
      });
    }
  });

  it('answers a catalog page whose address is not text without a server failure', async () => {
    for (const url of ['/category/a%00b', '/style/a%00b?q=%00', '/category/Birthday?q=a%00b']) {
      const response = await callers.guest.get(url);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
