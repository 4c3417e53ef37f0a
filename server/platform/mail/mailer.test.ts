import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases.ts';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import type { MailMessage } from './mail-messages.ts';
import { renderMail } from './mail-templates.ts';
import { createMailer } from './mailer.ts';

interface LogLine {
  level: string;
  data: Record<string, unknown>;
  message: string | undefined;
}

/** A logger that keeps what it is given, to assert what reaches the server log (and what does not). */
function recordingLogger(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: string) =>
    (data: unknown, message?: string): void => {
      lines.push({ level, data: (typeof data === 'object' && data ? data : {}) as LogLine['data'], message });
    };
  const log = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => undefined,
    child: () => log,
  };
  return { log: log, lines };
}

const verifyInArabic: MailMessage = {
  kind: 'verify-email',
  to: 'layla@example.com',
  language: 'ar',
  name: 'ليلى',
  url: 'http://localhost:3000/verify-email?token=tok_123&callbackURL=%2F',
};

describe('mailer in SMTP mode (a real SMTP server)', () => {
  let sink: SmtpSink;
  // Databases are not touched in SMTP mode; an in-memory SQLite satisfies the dependency.
  const database = openDatabase({});

  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'mailer', password: 's3cret pass' });
  });
  afterAll(async () => {
    await sink?.stop();
    await database.destroy();
  });

  it('delivers a verification mail in Arabic: localized subject, right-to-left HTML, the link in both bodies', async () => {
    const { log, lines } = recordingLogger();
    const mailer = createMailer({
      config: { smtpUrl: sink.url, mailFrom: 'Winc <no-reply@winc.test>' },
      database,
      log,
    });
    expect(mailer.mode).toBe('smtp');
    await mailer.send(verifyInArabic);

    const mail = await sink.waitFor((m) => m.to.includes('layla@example.com'));
    expect(mail.user).toBe('mailer');
    expect(mail.headers.get('from')).toContain('no-reply@winc.test');
    expect(mail.subject).toBe('أكّد بريدك الإلكتروني في Winc');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.html).toContain(
      'href="http://localhost:3000/verify-email?token=tok_123&amp;callbackURL=%2F"',
    );
    expect(mail.html).toContain('مرحبًا ليلى،');
    expect(mail.text).toContain(verifyInArabic.url);
    expect(mail.text).toContain('تأكيد البريد الإلكتروني');

    // The log names the mail but never carries its link (a token) or the SMTP password.
    const logged = JSON.stringify(lines);
    expect(lines.some((l) => l.level === 'info' && l.data.kind === 'verify-email')).toBe(true);
    expect(logged).not.toContain('tok_123');
    expect(logged).not.toContain('s3cret');
  });

  it('sets Reply-To so support answers the requester directly', async () => {
    const { log } = recordingLogger();
    const mailer = createMailer({
      config: { smtpUrl: sink.url, mailFrom: 'Winc <no-reply@winc.test>' },
      database,
      log,
    });
    await mailer.send({
      kind: 'help-request',
      to: 'support@winc.test',
      language: 'en',
      requestId: 'REF1234567',
      fromEmail: 'asker@example.com',
      phone: '+1 (555) 010-0000',
      description: 'My card does not open.',
    });
    const mail = await sink.waitFor((m) => m.to.includes('support@winc.test'));
    expect(mail.headers.get('reply-to')).toContain('asker@example.com');
    expect(mail.subject).toBe('Help request REF1234567 from asker@example.com');
    expect(mail.text).toContain('My card does not open.');
  });

  it('fails the send when the server refuses the login', async () => {
    const { log } = recordingLogger();
    const badUrl = sink.url.replace('s3cret%20pass', 'wrong');
    const mailer = createMailer({
      config: { smtpUrl: badUrl, mailFrom: 'Winc <no-reply@winc.test>' },
      database,
      log,
    });
    await expect(mailer.send(verifyInArabic)).rejects.toThrow();
  });
});

describeEachDatabase('mailer in outbox mode', (use) => {
  it('stores each mail in the outbox and logs its links (no SMTP_URL)', async () => {
    const { log, lines } = recordingLogger();
    const now = new Date('2026-03-01T10:00:00.000Z');
    const mailer = createMailer({
      config: { smtpUrl: undefined, mailFrom: 'Winc <no-reply@winc.local>' },
      database: use().database,
      log,
      now: () => now,
    });
    expect(mailer.mode).toBe('outbox');
    await mailer.send({
      kind: 'reset-password',
      to: 'ivan@example.com',
      language: 'ru',
      name: 'Иван',
      url: 'http://localhost:3000/reset-password?token=reset_42',
    });

    const outbox = createMailOutboxRepository(use().database);
    const [summary] = await outbox.listNewest(10);
    expect(summary).toMatchObject({
      to: 'ivan@example.com',
      kind: 'reset-password',
      language: 'ru',
      subject: 'Сброс пароля Winc',
      createdAt: now,
    });
    const stored = await outbox.findById(summary!.id);
    expect(stored!.text).toContain('Здравствуйте, Иван!');
    expect(stored!.text).toContain('http://localhost:3000/reset-password?token=reset_42');
    expect(stored!.html).toContain('<html lang="ru" dir="ltr">');

    const line = lines.find((l) => l.level === 'info' && l.data.kind === 'reset-password');
    expect(line?.data).toEqual({
      to: 'ivan@example.com',
      kind: 'reset-password',
      links: ['http://localhost:3000/reset-password?token=reset_42'],
    });
  });

  it('lists the newest mail first', async () => {
    const { log } = recordingLogger();
    let clock = new Date('2026-03-02T08:00:00.000Z');
    const mailer = createMailer({
      config: { smtpUrl: undefined, mailFrom: 'x <x@y.z>' },
      database: use().database,
      log,
      now: () => clock,
    });
    for (const to of ['first@example.com', 'second@example.com']) {
      await mailer.send({ kind: 'help-receipt', to, language: 'en', requestId: 'R', description: 'd' });
      clock = new Date(clock.getTime() + 1000);
    }
    const list = await createMailOutboxRepository(use().database).listNewest(2);
    expect(list.map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);
  });
});

describe('mail templates', () => {
  it('escapes user text in HTML but keeps it readable in the text body', () => {
    const description = 'Hi <img src=x onerror="alert(1)"> & "quotes"\nsecond line';
    const mail = renderMail({
      kind: 'help-receipt',
      to: 'a@example.com',
      language: 'en',
      requestId: 'R<1>',
      description,
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain(
      'Hi &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;quotes&quot;<br>second line',
    );
    expect(mail.html).toContain('R&lt;1&gt;');
    expect(mail.text).toContain('> Hi <img src=x onerror="alert(1)"> & "quotes"\n> second line');

    const named = renderMail({ ...verifyInArabic, language: 'en', name: '<script>x</script>' });
    expect(named.html).not.toContain('<script>');
    expect(named.html).toContain('Hi &lt;script&gt;x&lt;/script&gt;,');
  });

  it('renders every kind in every language with a localized subject and both bodies', () => {
    const messages = (language: 'en' | 'ar' | 'ru'): MailMessage[] => [
      { kind: 'verify-email', to: 'a@x.y', language, name: 'A', url: 'https://w.test/v' },
      { kind: 'reset-password', to: 'a@x.y', language, name: 'A', url: 'https://w.test/r' },
      {
        kind: 'confirm-email-change',
        to: 'a@x.y',
        language,
        name: 'A',
        url: 'https://w.test/c',
        newEmail: 'n@x.y',
      },
      {
        kind: 'help-request',
        to: 's@x.y',
        language,
        requestId: 'R',
        fromEmail: 'a@x.y',
        phone: null,
        description: 'd',
      },
      { kind: 'help-receipt', to: 'a@x.y', language, requestId: 'R', description: 'd' },
    ];
    const subjects = new Map<string, Set<string>>();
    for (const language of ['en', 'ar', 'ru'] as const) {
      for (const message of messages(language)) {
        const mail = renderMail(message);
        expect(mail.subject, `${language} ${message.kind}`).not.toMatch(/^mail\./);
        expect(mail.text).not.toMatch(/(^|[^a-z])mail\.[a-zA-Z]/);
        expect(mail.html).toContain(`lang="${language}"`);
        if ('url' in message) expect(mail.text).toContain(message.url);
        if (message.kind === 'confirm-email-change') expect(mail.text).toContain('n@x.y');
        subjects.set(message.kind, (subjects.get(message.kind) ?? new Set()).add(mail.subject));
      }
    }
    // Three languages, three different subjects per kind.
    for (const [kind, set] of subjects) expect(set.size, kind).toBe(3);
  });
});

describe('mail configuration', () => {
  it('accepts smtp:// and smtps:// URLs and defaults the sender and support address', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    const defaults = loadConfig({});
    expect(defaults.smtpUrl).toBeUndefined();
    expect(defaults.mailFrom).toBe('Winc <no-reply@winc.local>');
    expect(defaults.supportEmail).toBe('support@winc.local');
    expect(defaults.localMailbox).toBe('local');
  });

  it('rejects other schemes and a bad support address, naming the variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not-an-address' })).toThrow(/SUPPORT_EMAIL/);
  });
});
