import { describe, expect, it } from 'vitest';
import { editCardState, readEditCardState } from './edit-card-state.ts';

describe('edit-card navigation state', () => {
  it('round-trips a card id', () => {
    expect(readEditCardState(editCardState('abc_123'))).toBe('abc_123');
  });

  it('ignores anything else', () => {
    for (const state of [null, undefined, 'x', {}, { editCard: null }, { editCard: { cardId: 7 } }])
      expect(readEditCardState(state)).toBeNull();
    expect(readEditCardState({ editCard: { cardId: '' } })).toBeNull();
    expect(readEditCardState({ editCard: { cardId: 'x'.repeat(101) } })).toBeNull();
  });
});
