import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES } from '../../shared/cards/cards.contract.ts';
import { FONT_STACKS, fontStackOf } from './card-fonts.ts';

describe('card font stacks', () => {
  it('cover exactly the 20 fonts of SPEC §3', () => {
    expect(FONT_FAMILIES).toHaveLength(20);
    expect(Object.keys(FONT_STACKS).sort()).toEqual([...FONT_FAMILIES].sort());
  });

  it('end every named font with a generic family, so a missing font still has the right character', () => {
    for (const family of FONT_FAMILIES.filter((f) => f !== 'default'))
      expect(FONT_STACKS[family], family).toMatch(/(sans-serif|serif|cursive|fantasy|monospace)$/);
  });

  it('never carries anything but a font list (no CSS injection through a style value)', () => {
    for (const stack of Object.values(FONT_STACKS)) expect(stack).not.toMatch(/[;{}:]/);
  });

  it('falls back to the default for an unknown name', () => {
    expect(fontStackOf('Arial')).toBe(FONT_STACKS.Arial);
    expect(fontStackOf('Wingdings; color: red')).toBe(FONT_STACKS.default);
  });
});
