import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases.ts';
import { AppError } from './app-error.ts';
import { createRateLimiter } from './rate-limit.ts';

describeEachDatabase('rate limiter', (use) => {
  const rule = { limit: 3, windowMs: 60_000 };

  it('allows the limit within a window, then refuses with the seconds to wait', async () => {
    let now = new Date('2026-11-22T12:00:10Z');
    const limiter = createRateLimiter(use().database, () => now);
    for (let i = 0; i < 3; i++) await limiter.consume('signin:ip:203.0.113.9', rule);
    const refused = await limiter.consume('signin:ip:203.0.113.9', rule).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'rate-limited',
      statusCode: 429,
      details: { retryAfterSeconds: 50 },
    });
    // Another key has its own budget; the next window starts afresh.
    await limiter.consume('signin:ip:198.51.100.1', rule);
    now = new Date('2026-11-22T12:01:00Z');
    await limiter.consume('signin:ip:203.0.113.9', rule);
  });

  it('gives a refunded hit back to its own window only', async () => {
    let now = new Date('2026-11-22T14:00:10Z');
    const limiter = createRateLimiter(use().database, () => now);
    const key = 'signin:email-ip:a@example.com|203.0.113.9';
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await limiter.consume(key, rule));
    await limiter.refund(hits[0]!);
    await limiter.consume(key, rule);
    await expect(limiter.consume(key, rule)).rejects.toMatchObject({ code: 'rate-limited' });
    // A refund for a window that has passed changes nothing in the current one.
    now = new Date('2026-11-22T14:01:00Z');
    for (let i = 0; i < 3; i++) await limiter.consume(key, rule);
    await limiter.refund(hits[1]!);
    await expect(limiter.consume(key, rule)).rejects.toMatchObject({ code: 'rate-limited' });
  });

  it('counts concurrent hits exactly (instances share the database)', async () => {
    const limiter = createRateLimiter(use().database, () => new Date('2026-11-22T13:00:00Z'));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        limiter.consume('reset:email:a@example.com', { limit: 4, windowMs: 60_000 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
  });
});
