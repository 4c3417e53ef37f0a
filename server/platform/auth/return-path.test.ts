import { describe, expect, it } from 'vitest';
import { isSafeReturnPath } from './return-path.ts';

describe('return paths', () => {
  it('accepts same-origin relative paths', () => {
    for (const path of ['/', '/signin?verified=1', '/checkout', '/account-info?email-changed=1#top']) {
      expect(isSafeReturnPath(path), path).toBe(true);
    }
  });

  it('refuses anything that can leave the site', () => {
    for (const path of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'signin',
      '',
      42,
      null,
    ]) {
      expect(isSafeReturnPath(path), String(path)).toBe(false);
    }
  });
});
