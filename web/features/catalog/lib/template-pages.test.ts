import { describe, expect, it } from 'vitest';
import type { TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';
import { highlightState, readHighlightTemplateId } from './highlight-state.ts';
import { flattenPages, locateTemplate } from './template-pages.ts';

const t = (id: string) => ({ id }) as TemplateSummary;

describe('flattenPages', () => {
  it('keeps the order and drops repeats across pages', () => {
    const pages = [{ items: [t('a'), t('b')] }, { items: [t('b'), t('c')] }];
    expect(flattenPages(pages).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(flattenPages(undefined)).toEqual([]);
  });
});

describe('locateTemplate', () => {
  it('finds a loaded template, asks for more pages, or gives up', () => {
    expect(locateTemplate([t('a')], 'a', true)).toBe('found');
    expect(locateTemplate([t('a')], 'z', true)).toBe('load-more');
    expect(locateTemplate([t('a')], 'z', false)).toBe('missing');
  });
});

describe('highlight navigation state', () => {
  it('round-trips and ignores anything else', () => {
    expect(readHighlightTemplateId(highlightState('x1'))).toBe('x1');
    expect(readHighlightTemplateId(null)).toBeNull();
    expect(readHighlightTemplateId({ highlightTemplateId: 3 })).toBeNull();
    expect(readHighlightTemplateId('x')).toBeNull();
  });
});
