import { describe, expect, it } from 'vitest';
import { readAuthNavigationState, safeReturnPath } from './auth-navigation-state.ts';

describe('safeReturnPath', () => {
  it('keeps same-origin relative paths', () => {
    expect(safeReturnPath('/profile')).toBe('/profile');
    expect(safeReturnPath('/my-wincs?category=Birthday#top')).toBe('/my-wincs?category=Birthday#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      '/%5cevil.example',
      'javascript:alert(1)',
      'profile',
      '/\tevil',
      '',
      null,
      42,
    ])
      expect(safeReturnPath(value), String(value)).toBeNull();
  });
});

describe('readAuthNavigationState', () => {
  it('reads the card flow and the return path, dropping the rest', () => {
    expect(
      readAuthNavigationState({
        cardId: 'c1',
        templateImage: '/img.webp',
        returnToCheckout: true,
        returnTo: '//evil.example',
        extra: 1,
      }),
    ).toEqual({ cardId: 'c1', templateImage: '/img.webp', returnToCheckout: true });
    expect(readAuthNavigationState(null)).toEqual({});
    expect(readAuthNavigationState('x')).toEqual({});
  });
});
