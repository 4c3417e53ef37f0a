import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createProcessNotifications } from '../db/notifications.ts';
import { createLivePoll } from './live-poll.ts';

/**
 * A feed's reads after announced changes: at once, and with `spacingMs` no closer together than that — a
 * burst of changes is read together, and the last value always reaches the listener.
 */
describe('live poll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function burst(spacingMs: number | undefined) {
    const log = pino({ level: 'silent' });
    const hub = createProcessNotifications(log);
    let version = 0;
    const reads: number[] = [];
    const poll = createLivePoll<number>({
      read: async (keys) => {
        reads.push(Date.now());
        return new Map(keys.map((key) => [key, version]));
      },
      stampOf: String,
      log,
      name: 'test feed',
      notifications: { hub, topic: 'changes' },
      spacingMs,
    });
    const heard: number[] = [];
    poll.subscribe('host', 0, (value) => heard.push(value));
    await vi.advanceTimersByTimeAsync(0);
    reads.length = 0;
    // Ten changes, 10 ms apart.
    for (let change = 0; change < 10; change += 1) {
      version += 1;
      hub.publish('changes', 'host');
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(1000);
    poll.close();
    await hub.close();
    return { reads: reads.length, heard };
  }

  it('reads each announced change at once without spacing', async () => {
    const { reads, heard } = await burst(undefined);
    expect(reads).toBe(10);
    expect(heard).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reads a burst together with spacing, and the listener hears the last value', async () => {
    const { reads, heard } = await burst(50);
    expect(reads).toBeLessThanOrEqual(3);
    expect(heard.at(-1)).toBe(10);
  });
});
