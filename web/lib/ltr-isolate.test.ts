import { describe, expect, it } from 'vitest';
import { ltrIsolate } from './ltr-isolate.ts';

describe('ltrIsolate', () => {
  it('wraps text in a left-to-right isolate, so a price or an address keeps its order inside Arabic text', () => {
    expect(ltrIsolate('50 US$')).toBe('\u206650 US$\u2069');
    expect(ltrIsolate('ana.m@example.com')).toBe('\u2066ana.m@example.com\u2069');
  });
});
