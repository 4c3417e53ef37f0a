import { describe, expect, it } from 'vitest';
import { VideoCompressionError } from '../../../shared/cards/video-compression.ts';
import { UnreadableInputError, runPhase } from './engine.ts';

const timeoutError = () => new VideoCompressionError('timeout', 'too slow');

/** A task that never finishes on its own and records the abort it was sent. */
function hangingTask() {
  const seen: { reason?: unknown } = {};
  const task = (signal: AbortSignal) =>
    new Promise<never>(() => {
      signal.addEventListener('abort', () => (seen.reason = signal.reason));
    });
  return { task, seen };
}

describe('runPhase', () => {
  it('answers what the task answers', async () => {
    await expect(runPhase(async () => 42, { timeoutMs: 1_000, timeoutError })).resolves.toBe(42);
  });

  it('passes the task’s own failure through', async () => {
    const failure = new UnreadableInputError('no video track');
    await expect(
      runPhase(
        async () => {
          throw failure;
        },
        { timeoutMs: 1_000, timeoutError },
      ),
    ).rejects.toBe(failure);
  });

  it('rejects with the timeout error at the deadline and tells the task to stop', async () => {
    const { task, seen } = hangingTask();
    const error = await runPhase(task, { timeoutMs: 20, timeoutError }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'timeout' });
    expect(seen.reason).toBe(error);
  });

  it('rejects with an AbortError when the caller aborts, at once, and tells the task to stop', async () => {
    const { task, seen } = hangingTask();
    const controller = new AbortController();
    const phase = runPhase(task, { timeoutMs: 60_000, timeoutError, signal: controller.signal });
    controller.abort();
    const error = await phase.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(seen.reason).toBe(error);
  });

  it('does not start when the caller has already aborted', async () => {
    let started = false;
    const controller = new AbortController();
    controller.abort();
    const phase = runPhase(
      async () => {
        started = true;
      },
      { timeoutMs: 1_000, timeoutError, signal: controller.signal },
    );
    await expect(phase).rejects.toMatchObject({ name: 'AbortError' });
    expect(started).toBe(false);
  });
});
