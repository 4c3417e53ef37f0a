import { describe, expect, it } from 'vitest';
import { toggleParam, withParam } from './search-params.ts';

describe('search params', () => {
  it('sets, trims and removes a value without touching the others', () => {
    const params = new URLSearchParams('q=cake&event=e1');
    expect(withParam(params, 'q', '  pie ').toString()).toBe('q=pie&event=e1');
    expect(withParam(params, 'q', '').toString()).toBe('event=e1');
    expect(withParam(params, 'style', null).toString()).toBe('q=cake&event=e1');
    expect(params.toString()).toBe('q=cake&event=e1');
  });

  it('toggles: choosing the same value again clears it', () => {
    const once = toggleParam(new URLSearchParams(), 'event', 'e1');
    expect(once.get('event')).toBe('e1');
    expect(toggleParam(once, 'event', 'e2').get('event')).toBe('e2');
    expect(toggleParam(once, 'event', 'e1').has('event')).toBe(false);
  });
});
