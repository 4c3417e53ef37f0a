import { describe, expect, it } from 'vitest';
import { eventIconKey } from './event-icon-keywords.ts';

describe('eventIconKey', () => {
  it.each([
    ['Birthday', 'cake'],
    ['Happy BIRTHDAY party', 'cake'],
    ['Wedding', 'rings'],
    ['Marriage Anniversary', 'rings'],
    ['Graduation', 'graduation'],
    ['Graduate Party', 'graduation'],
    ['Ramadan', 'moon'],
    ['Eid al-Fitr', 'moon'],
    ['Christmas', 'tree'],
    ['Xmas', 'tree'],
    ['X-mas Eve', 'tree'],
    ['Baby Shower', 'baby'],
    ['New Baby', 'baby'],
    ['Halloween', 'ghost'],
    ["Valentine's Day", 'heart'],
    ['Love', 'heart'],
    ['Thank You', 'gift'],
    ['Thanksgiving', 'gift'],
    ["Mother's Day", 'flower'],
    ['Congratulations', 'party'],
  ] as const)('%s → %s', (name, icon) => {
    expect(eventIconKey(name)).toBe(icon);
  });

  it('falls back to sparkles', () => {
    expect(eventIconKey('Just Because')).toBe('sparkles');
    expect(eventIconKey('')).toBe('sparkles');
  });

  it('does not match keywords inside other words', () => {
    expect(eventIconKey('Leiden Festival')).toBe('sparkles');
    expect(eventIconKey('Glove Day')).toBe('sparkles');
  });
});
