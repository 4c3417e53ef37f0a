import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { recipientPageOf } from './recipient-path.ts';

describe('the recipient page of a path', () => {
  it("reads the recipient page's path: a share link's card or a guest's own link", () => {
    expect(recipientPageOf(paths.recipientCard('abc_DEF-1'))).toEqual({ kind: 'card', cardId: 'abc_DEF-1' });
    expect(recipientPageOf(paths.guestInvitation('tok_EN-22'))).toEqual({
      kind: 'guest',
      token: 'tok_EN-22',
    });
    expect(recipientPageOf('/i/tok/')).toEqual({ kind: 'guest', token: 'tok' });
    for (const other of ['/', '/c/', '/i/', '/c/a/b', '/i/a/b', '/pricing', '/i/%E0%A4%A'])
      expect(recipientPageOf(other), other).toBeNull();
  });
});
