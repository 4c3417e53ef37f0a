import { describe, expect, it } from 'vitest';
import { isSafeReturnPath } from './return-path.ts';

describe('return paths', () => {
  it('accepts same-origin relative paths', () => {
    for (const path of [
      '/',
      '/signin?verified=1',
      '/signin?verified=1&card=Ab-_9',
      '/checkout',
      '/account-info?email-changed=1#top',
      '/a/../checkout',
      '/search?q=a%20b',
    ]) {
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
      // Each of these normalises or decodes to a protocol-relative "//evil.example" or a backslash.
      '/..//evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2e%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
      '/%252e%252e//evil.example',
      '/%2e%2e%2f%2fevil.example',
      '/%2f%2fevil.example',
      '/.\\/evil.example',
      '/%5cevil.example',
      '/%5C%5Cevil.example',
      '/\n/evil.example',
      '/.\t.//evil.example',
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%zz',
      '/%25252525252e',
      'signin',
      '',
      42,
      null,
    ]) {
      expect(isSafeReturnPath(path), String(path)).toBe(false);
    }
  });
});
