import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyLink, shareLink } from './share-link.ts';

/** The browser's share sheet and clipboard, as Chromium exposes them; each test sets how they behave. */
function browserWith(share: () => Promise<void>, writeText: (text: string) => Promise<void>) {
  const clipboard = { writeText: vi.fn(writeText) };
  vi.stubGlobal('navigator', { share: vi.fn(share), clipboard });
  return clipboard;
}

const data = { url: 'https://winc.example/c/abc', title: 'A WINC', text: 'Open it' };

afterEach(() => vi.unstubAllGlobals());

describe('shareLink (SPEC §8: if native share fails, the link is copied)', () => {
  it('shares through the native sheet when it works', async () => {
    const clipboard = browserWith(
      () => Promise.resolve(),
      () => Promise.resolve(),
    );
    expect(await shareLink(data)).toBe('shared');
    expect(clipboard.writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the share sheet fails', async () => {
    const clipboard = browserWith(
      () => Promise.reject(new DOMException('no share target', 'NotAllowedError')),
      () => Promise.resolve(),
    );
    expect(await shareLink(data)).toBe('copied');
    expect(clipboard.writeText).toHaveBeenCalledWith(data.url);
  });

  it('does nothing when the person closes the sheet', async () => {
    const clipboard = browserWith(
      () => Promise.reject(new DOMException('dismissed', 'AbortError')),
      () => Promise.resolve(),
    );
    expect(await shareLink(data)).toBe('dismissed');
    expect(clipboard.writeText).not.toHaveBeenCalled();
  });

  it('says so when neither sharing nor copying works', async () => {
    browserWith(
      () => Promise.reject(new Error('broken')),
      () => Promise.reject(new Error('denied')),
    );
    expect(await shareLink(data)).toBe('failed');
    expect(await copyLink(data.url)).toBe(false);
  });
});
