import { describe, expect, it } from 'vitest';
import { paths, toSearch } from './paths.ts';

describe('paths', () => {
  it('builds the home URL with optional search and event', () => {
    expect(paths.home()).toBe('/');
    expect(paths.home({ q: 'cake' })).toBe('/?q=cake');
    expect(paths.home({ q: '  ', event: 'ev 1' })).toBe('/?event=ev+1');
  });

  it('encodes catalog names and keeps them canonical', () => {
    expect(paths.category('New Drops')).toBe('/category/New%20Drops');
    expect(paths.category("Valentine's Day", { style: 'Elegant' })).toBe(
      "/category/Valentine's%20Day?style=Elegant",
    );
    expect(paths.category('A/B')).toBe('/category/A%2FB');
    expect(paths.style('Floral', { category: 'Birthday', q: 'gold' })).toBe(
      '/style/Floral?category=Birthday&q=gold',
    );
  });

  it('round-trips a name through URL decoding', () => {
    const name = 'Fêtes & Co / 100%';
    const url = new URL(paths.category(name), 'http://x');
    expect(decodeURIComponent(url.pathname.replace('/category/', ''))).toBe(name);
  });

  it('omits empty values from the query', () => {
    expect(toSearch({ a: undefined, b: null, c: '' })).toBe('');
    expect(toSearch({ a: 'x y' })).toBe('?a=x+y');
  });

  it("builds a guest's own link", () => {
    expect(paths.guestInvitation('a/b')).toBe('/i/a%2Fb');
  });

  it('has fixed paths for the account pages', () => {
    expect(paths.signin()).toBe('/signin');
    expect(paths.myWincs()).toBe('/my-wincs');
    expect(paths.overview('abc')).toBe('/overview/abc');
    expect(paths.guestList('a/b')).toBe('/my-wincs/a%2Fb/guests');
  });
});
