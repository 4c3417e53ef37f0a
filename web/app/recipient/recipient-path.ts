/** What a recipient page shows: a share link's card, or an invitation to the guest whose own link it is. */
export type RecipientPage = { kind: 'card'; cardId: string } | { kind: 'guest'; token: string };

/**
 * The recipient page a path names (`paths.recipientCard`, `paths.guestInvitation`), or null for any other path.
 * The recipient page is a page of its own, without the router (docs/decisions/0018-first-paint.md), so it reads
 * its path here; kept out of `paths.ts`, which every page of the app loads.
 */
export function recipientPageOf(pathname: string): RecipientPage | null {
  const match = /^\/([ci])\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  return match[1] === 'c' ? { kind: 'card', cardId: value } : { kind: 'guest', token: value };
}
