import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import {
  forgetGuestLink,
  guestTokenOf,
  rememberedGuestToken,
  rememberGuestLink,
  type LinkStorage,
} from './open-link-memory.ts';

function memoryStorage(): NonNullable<LinkStorage> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe("a device's answers through an open group link", () => {
  it('remembers the guest each invitation made of it, until forgotten', () => {
    const storage = memoryStorage();
    expect(rememberedGuestToken('card-1', storage)).toBeNull();
    rememberGuestLink('card-1', '/i/AbC_-123', storage);
    rememberGuestLink('card-2', '/i/other', storage);
    expect(rememberedGuestToken('card-1', storage)).toBe('AbC_-123');
    expect(rememberedGuestToken('card-2', storage)).toBe('other');
    forgetGuestLink('card-1', storage);
    expect(rememberedGuestToken('card-1', storage)).toBeNull();
    expect(rememberedGuestToken('card-2', storage)).toBe('other');
  });

  it('reads nothing but a guest link, and survives storage that refuses', () => {
    const storage = memoryStorage();
    storage.setItem('winc-open-reply:card-1', '/c/card-1');
    expect(rememberedGuestToken('card-1', storage)).toBeNull();
    const refusing: LinkStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => rememberGuestLink('card-1', '/i/x', refusing)).not.toThrow();
    expect(rememberedGuestToken('card-1', refusing)).toBeNull();
    expect(() => forgetGuestLink('card-1', refusing)).not.toThrow();
    expect(rememberedGuestToken('card-1', null)).toBeNull();
  });

  it("reads the token of a guest's own link, and of nothing else", () => {
    expect(guestTokenOf(paths.guestInvitation('AbC_-123'))).toBe('AbC_-123');
    for (const other of ['/c/AbC', '/i/', '/i/a/b', '/i/%E0%A4%A', 'https://x/i/abc'])
      expect(guestTokenOf(other), other).toBeNull();
  });
});
