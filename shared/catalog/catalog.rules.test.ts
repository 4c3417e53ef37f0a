import { describe, expect, it } from 'vitest';
import {
  isNewDrop,
  isUsableImageUrl,
  matchesEvent,
  matchesSearch,
  nextNewDropsChange,
  normalizeImageUrl,
  orderCategories,
  parseRank,
  placeRanks,
  selectNewDrops,
} from './catalog.rules.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('category ordering', () => {
  it('puts ranked categories first by rank, then unranked ones alphabetically', () => {
    const ordered = orderCategories([
      { name: 'Thank You', rank: null },
      { name: 'Wedding', rank: 2 },
      { name: 'anniversary', rank: null },
      { name: 'Birthday', rank: 1 },
      { name: 'Graduation', rank: parseRank('3') },
      { name: 'Eid', rank: null },
    ]);
    expect(ordered.map((c) => c.name)).toEqual([
      'Birthday',
      'Wedding',
      'Graduation',
      'anniversary',
      'Eid',
      'Thank You',
    ]);
  });

  it('keeps a category ranked 999999 in the ranked group, ahead of unranked ones', () => {
    const ordered = orderCategories([
      { name: 'Alpha', rank: null },
      { name: 'Zulu', rank: 999_999 },
    ]);
    expect(ordered.map((c) => c.name)).toEqual(['Zulu', 'Alpha']);
  });

  it('breaks rank ties by name', () => {
    const ordered = orderCategories([
      { name: 'B', rank: 1 },
      { name: 'A', rank: 1 },
    ]);
    expect(ordered.map((c) => c.name)).toEqual(['A', 'B']);
  });

  it('reads ranks given as numbers or numeric strings, anything else is unranked', () => {
    expect(parseRank(4)).toBe(4);
    expect(parseRank(' 12 ')).toBe(12);
    expect(parseRank('2.5')).toBe(2.5);
    expect(parseRank('')).toBeNull();
    expect(parseRank('first')).toBeNull();
    expect(parseRank(null)).toBeNull();
    expect(parseRank(undefined)).toBeNull();
    expect(parseRank(Number.NaN)).toBeNull();
  });
});

describe('placing a typed rank', () => {
  const categories = [
    { id: 'a', name: 'A', rank: 1 },
    { id: 'b', name: 'B', rank: 2 },
    { id: 'c', name: 'C', rank: 3 },
    { id: 'new', name: 'New', rank: null },
    { id: 'loose', name: 'Loose', rank: null },
  ];
  const ranksOf = (ranks: Map<string, number | null>) => Object.fromEntries(ranks);

  it('puts a category typed in at 1 first and moves the others down, without duplicates', () => {
    expect(ranksOf(placeRanks(categories, [{ id: 'new', rank: 1 }]))).toEqual({ new: 1, a: 2, b: 3, c: 4 });
  });

  it('moves a ranked category to its new place, past the end to the end, and closes the gap it leaves', () => {
    expect(ranksOf(placeRanks(categories, [{ id: 'a', rank: 3 }]))).toEqual({ b: 1, c: 2, a: 3 });
    expect(ranksOf(placeRanks(categories, [{ id: 'a', rank: 40 }]))).toEqual({ b: 1, c: 2, a: 3 });
    expect(ranksOf(placeRanks(categories, [{ id: 'b', rank: null }]))).toEqual({ a: 1, b: null, c: 2 });
  });

  it('reads 0 as first and a fraction as after the whole number below it', () => {
    expect(ranksOf(placeRanks(categories, [{ id: 'c', rank: 0 }]))).toEqual({ c: 1, a: 2, b: 3 });
    expect(ranksOf(placeRanks(categories, [{ id: 'new', rank: 1.5 }]))).toEqual({ a: 1, new: 2, b: 3, c: 4 });
  });

  it('renumbers uneven and tied ranks 1, 2, 3… in home order', () => {
    const uneven = [
      { id: 'x', name: 'X', rank: 10 },
      { id: 'y', name: 'Y', rank: 10 },
      { id: 'z', name: 'Z', rank: 35 },
    ];
    expect(ranksOf(placeRanks(uneven, []))).toEqual({ x: 1, y: 2, z: 3 });
  });

  it('places several at once, lowest rank first, as rows dragged into order send them', () => {
    const dragged = [
      { id: 'c', rank: 1 },
      { id: 'a', rank: 2 },
      { id: 'b', rank: 3 },
    ];
    expect(ranksOf(placeRanks(categories, dragged))).toEqual({ c: 1, a: 2, b: 3 });
  });
});

describe('New Drops window', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('includes templates created within the last 7 days and excludes older ones', () => {
    expect(isNewDrop(new Date(now.getTime() - 7 * DAY), now)).toBe(true);
    expect(isNewDrop(new Date(now.getTime() - 7 * DAY - 1), now)).toBe(false);
    expect(isNewDrop(new Date(now.getTime() - 1000), now)).toBe(true);
  });

  it('lists New Drops newest first', () => {
    const templates = [
      { id: 'old', createdAt: new Date(now.getTime() - 30 * DAY) },
      { id: 'two-days', createdAt: new Date(now.getTime() - 2 * DAY) },
      { id: 'today', createdAt: new Date(now.getTime() - 60_000) },
      { id: 'six-days', createdAt: new Date(now.getTime() - 6 * DAY) },
    ];
    expect(selectNewDrops(templates, now).map((t) => t.id)).toEqual(['today', 'two-days', 'six-days']);
  });

  it('says when time next changes the New Drops: the first millisecond a template leaves the window', () => {
    const templates = [
      { createdAt: new Date(now.getTime() - 30 * DAY) },
      { createdAt: new Date(now.getTime() - 6 * DAY) },
      { createdAt: new Date(now.getTime() - 2 * DAY) },
      { createdAt: new Date(now.getTime() + DAY) },
    ];
    const next = nextNewDropsChange(templates, now)!;
    expect(next).toEqual(new Date(now.getTime() + DAY + 1));
    const sixDaysOld = templates[1]!.createdAt;
    expect(isNewDrop(sixDaysOld, new Date(next.getTime() - 1))).toBe(true);
    expect(isNewDrop(sixDaysOld, next)).toBe(false);
    expect(nextNewDropsChange(templates.slice(0, 1), now)).toBeNull();
  });
});

describe('event matching', () => {
  it('matches the event tag against template tags, case-insensitively', () => {
    expect(matchesEvent('Birthday', ['party', 'BIRTHDAY'], [])).toBe(true);
  });

  it('matches the event tag against the category tags', () => {
    expect(matchesEvent('wedding', ['gold'], ['Wedding', 'love'])).toBe(true);
  });

  it('needs a whole tag, not a part of one', () => {
    expect(matchesEvent('wed', ['wedding'], ['wedding'])).toBe(false);
  });

  it('never matches with an empty tag', () => {
    expect(matchesEvent(' ', [''], [''])).toBe(false);
  });
});

describe('search', () => {
  const template = {
    name: 'Golden Vows',
    description: 'An elegant wedding invitation',
    tags: ['Rings', 'love'],
  };

  it('matches the name, a tag or the description, case-insensitively', () => {
    expect(matchesSearch(template, 'golden')).toBe(true);
    expect(matchesSearch(template, 'RINGS')).toBe(true);
    expect(matchesSearch(template, 'invitation')).toBe(true);
  });

  it('does not match other text', () => {
    expect(matchesSearch(template, 'birthday')).toBe(false);
  });

  it('matches everything with an empty or blank query', () => {
    expect(matchesSearch(template, '')).toBe(true);
    expect(matchesSearch(template, '   ')).toBe(true);
    expect(matchesSearch(template, undefined)).toBe(true);
  });

  it('folds case in other scripts too', () => {
    expect(matchesSearch({ name: 'С Днём Рождения', description: '', tags: [] }, 'днём')).toBe(true);
  });
});

describe('image-URL rule', () => {
  const token = 'token=0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
  const storageUrl = `https://firebasestorage.googleapis.com/v0/b/winc-app.appspot.com/o/templates%2Fbirthday%2Fconfetti.webp?alt=media&${token}`;

  it('accepts ordinary http(s) URLs and same-origin paths', () => {
    expect(isUsableImageUrl('https://cdn.example.com/cards/1.webp')).toBe(true);
    expect(isUsableImageUrl('/media/templates/x/thumb')).toBe(true);
  });

  it('adds a missing scheme before parsing', () => {
    expect(isUsableImageUrl('cdn.example.com/cards/1.webp')).toBe(true);
    expect(normalizeImageUrl('cdn.example.com/cards/1.webp')).toBe('https://cdn.example.com/cards/1.webp');
  });

  it('treats empty values as missing', () => {
    expect(isUsableImageUrl('')).toBe(false);
    expect(isUsableImageUrl('   ')).toBe(false);
    expect(isUsableImageUrl(null)).toBe(false);
    expect(isUsableImageUrl(undefined)).toBe(false);
  });

  it('rejects anything containing an ellipsis', () => {
    expect(isUsableImageUrl('https://cdn.example.com/cards/1...')).toBe(false);
    expect(isUsableImageUrl('https://cdn.example.com/cards/1…webp')).toBe(false);
  });

  it('accepts a full storage download URL with its token', () => {
    expect(storageUrl.length).toBeGreaterThanOrEqual(100);
    expect(isUsableImageUrl(storageUrl)).toBe(true);
  });

  it('rejects a storage URL without a token or shorter than 100 characters', () => {
    expect(isUsableImageUrl(storageUrl.replace(`&${token}`, ''))).toBe(false);
    expect(isUsableImageUrl('https://firebasestorage.googleapis.com/v0/b/a/o/x.webp?token=1')).toBe(false);
  });

  it('rejects values that do not parse as web URLs', () => {
    expect(isUsableImageUrl('not a url')).toBe(false);
    expect(isUsableImageUrl('javascript:alert(1)')).toBe(false);
    expect(isUsableImageUrl('ftp://example.com/x.png')).toBe(false);
  });
});
