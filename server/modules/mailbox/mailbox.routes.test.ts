import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInfoSchema } from '../../../shared/app-info/app-info.contract.ts';
import { mailboxListSchema, mailboxMailSchema } from '../../../shared/mailbox/mailbox.contract.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { canReadMailbox } from './mailbox.policy.ts';

const REMOTE = '198.51.100.20';

describeEachDatabase('local mailbox routes (outbox mode)', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp(use()));
    for (const [email, language] of [
      ['first@example.com', 'en'],
      ['second@example.com', 'ar'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/help-requests',
        payload: { email, description: 'Question <b>bold</b>', language },
      });
      expect(response.statusCode).toBe(201);
    }
  });
  afterAll(() => app?.close());

  it('lists the mails newest first, to this machine', async () => {
    const response = await app.inject('/api/dev/mailbox');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { mails } = mailboxListSchema.parse(response.json());
    expect(mails).toHaveLength(4);
    expect(mails.filter((m) => m.kind === 'help-receipt').map((m) => m.to)).toEqual([
      'second@example.com',
      'first@example.com',
    ]);
    expect(Object.keys(mails[0]!).sort()).toEqual(['createdAt', 'id', 'kind', 'language', 'subject', 'to']);
  });

  it('shows one mail with its bodies and links', async () => {
    const { mails } = mailboxListSchema.parse((await app.inject('/api/dev/mailbox')).json());
    const receipt = mails.find((m) => m.to === 'second@example.com')!;
    const response = await app.inject(`/api/dev/mailbox/${receipt.id}`);
    expect(response.statusCode).toBe(200);
    const mail = mailboxMailSchema.parse(response.json());
    expect(mail).toMatchObject({
      id: receipt.id,
      kind: 'help-receipt',
      language: 'ar',
      subject: 'تلقّينا طلبك',
    });
    expect(mail.text).toContain('Question <b>bold</b>');
    expect(mail.html).toContain('Question &lt;b&gt;bold&lt;/b&gt;');
    expect(mail.links).toEqual([]);
    expect((await app.inject('/api/dev/mailbox/nope')).statusCode).toBe(404);
  });

  it('serves a mail as a framable document under a CSP without scripts', async () => {
    const { mails } = mailboxListSchema.parse((await app.inject('/api/dev/mailbox')).json());
    const response = await app.inject(`/api/dev/mailbox/${mails[0]!.id}/html`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('script-src');
    expect(response.body).toContain('<base target="_blank">');
  });

  it('hides the mailbox from other machines and other names (404) and tells the browser whether it exists', async () => {
    for (const url of ['/api/dev/mailbox', '/api/dev/mailbox/x', '/api/dev/mailbox/x/html']) {
      const response = await app.inject({ url, remoteAddress: REMOTE });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not-found' });
    }
    // A page on another site whose name now points at 127.0.0.1 (DNS rebinding) reaches the server from
    // loopback, but under its own name.
    const rebound = { host: 'rebind.evil.example:3000' };
    for (const url of ['/api/dev/mailbox', '/api/dev/mailbox/x', '/api/dev/mailbox/x/html']) {
      const response = await app.inject({ url, headers: rebound });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await app.inject({ url: '/api/config', headers: rebound })).json()).toMatchObject({
      localMailbox: false,
    });
    const local = appInfoSchema.parse((await app.inject('/api/config')).json());
    expect(local).toEqual({
      mailMode: 'outbox',
      localMailbox: true,
      aiProviders: { writer: false, voice: false },
    });
    const remote = appInfoSchema.parse(
      (await app.inject({ url: '/api/config', remoteAddress: REMOTE })).json(),
    );
    expect(remote).toEqual({
      mailMode: 'outbox',
      localMailbox: false,
      aiProviders: { writer: false, voice: false },
    });
  });
});

describeEachDatabase('local mailbox routes (SMTP configured)', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // Never contacted: no mail is sent in this suite.
    ({ app } = await buildTestApp(use(), { env: { SMTP_URL: 'smtp://127.0.0.1:9' } }));
  });
  afterAll(() => app?.close());

  it('answers 404 for the mailbox and says mail is real', async () => {
    expect((await app.inject('/api/dev/mailbox')).statusCode).toBe(404);
    expect((await app.inject('/api/dev/mailbox/abc')).statusCode).toBe(404);
    expect((await app.inject('/api/config')).json()).toEqual({
      mailMode: 'smtp',
      localMailbox: false,
      aiProviders: { writer: false, voice: false },
    });
  });
});

describe('mailbox policy', () => {
  const from = (ip: string, host = 'localhost:3000') => ({ ip, host });

  it('opens the outbox to loopback visitors by default, to everyone on request, never with SMTP', () => {
    const local = { mailMode: 'outbox', localMailbox: 'local' } as const;
    expect(canReadMailbox(local, from('127.0.0.1'))).toBe(true);
    expect(canReadMailbox(local, from('::1'))).toBe(true);
    expect(canReadMailbox(local, from('::ffff:127.0.0.1'))).toBe(true);
    expect(canReadMailbox(local, from('10.0.0.5'))).toBe(false);
    expect(canReadMailbox({ ...local, localMailbox: 'everyone' }, from('10.0.0.5'))).toBe(true);
    expect(canReadMailbox({ ...local, localMailbox: 'off' }, from('127.0.0.1'))).toBe(false);
    expect(canReadMailbox({ mailMode: 'smtp', localMailbox: 'everyone' }, from('127.0.0.1'))).toBe(false);
  });

  it("answers only requests addressed to the server's own names, so no other site's name can rebind to it", () => {
    const local = { mailMode: 'outbox', localMailbox: 'local' } as const;
    for (const host of ['localhost', 'localhost:3000', 'LOCALHOST:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(canReadMailbox(local, from('127.0.0.1', host)), host).toBe(true);
    }
    for (const host of ['rebind.evil.example:3000', 'localhost.evil.example', '127.0.0.1.nip.io:3000', '']) {
      expect(canReadMailbox(local, from('127.0.0.1', host)), host).toBe(false);
      expect(canReadMailbox({ ...local, localMailbox: 'everyone' }, from('10.0.0.5', host)), host).toBe(
        false,
      );
    }
    const published = { ...local, publicHost: 'mail.winc.example:8443' };
    expect(canReadMailbox(published, from('127.0.0.1', 'mail.winc.example:8443'))).toBe(true);
    expect(canReadMailbox(published, from('127.0.0.1', 'mail.winc.example'))).toBe(false);
    expect(canReadMailbox({ ...local, localMailbox: 'everyone' }, from('10.0.0.5', '192.0.2.7:3000'))).toBe(
      true,
    );
  });
});
