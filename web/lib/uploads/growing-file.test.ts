import { describe, expect, it } from 'vitest';
import { GrowingFile } from './growing-file.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const read = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

describe('GrowingFile', () => {
  it('takes bytes in order and gives back any range of what is there', async () => {
    const file = new GrowingFile('video/mp4');
    file.append(bytes(1, 2, 3), 0);
    file.append(bytes(4, 5));
    expect(file.size).toBe(5);
    expect(file.done).toBe(false);
    expect(await read(file.slice(2, 10))).toEqual([3, 4, 5]);
    file.finish();
    expect(file.done).toBe(true);
    expect(file.toBlob().type).toBe('video/mp4');
    expect(await read(file.toBlob())).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses bytes written anywhere but at its end (an index patched in at the start)', () => {
    const file = new GrowingFile('video/mp4');
    file.append(bytes(1, 2, 3));
    expect(() => file.append(bytes(9), 0)).toThrow(/not in order/);
  });

  it('keeps its own copy of the bytes: the producer may reuse its buffer', async () => {
    const file = new GrowingFile('video/mp4');
    const buffer = bytes(1, 2);
    file.append(buffer);
    buffer[0] = 7;
    expect(await read(file.toBlob())).toEqual([1, 2]);
  });

  it('wakes a reader when enough bytes arrived or the file ended, and passes on the producer’s failure', async () => {
    const file = new GrowingFile('video/mp4');
    let woke = false;
    const waiting = file.whenAvailable(4).then(() => (woke = true));
    file.append(bytes(1, 2));
    await Promise.resolve();
    expect(woke).toBe(false);
    file.append(bytes(3, 4));
    await waiting;
    expect(woke).toBe(true);

    const ending = file.whenAvailable(100);
    file.finish();
    await expect(ending).resolves.toBeUndefined();

    const failing = new GrowingFile('video/mp4');
    const reader = failing.whenAvailable(1);
    failing.fail(new Error('encoder crashed'));
    await expect(reader).rejects.toThrow('encoder crashed');
    expect(failing.failed).toBe(true);
  });

  it('stops waiting when the reader is cancelled', async () => {
    const file = new GrowingFile('video/mp4');
    const controller = new AbortController();
    const reader = file.whenAvailable(1, controller.signal);
    controller.abort(new DOMException('Cancelled.', 'AbortError'));
    await expect(reader).rejects.toThrow('Cancelled.');
  });
});
