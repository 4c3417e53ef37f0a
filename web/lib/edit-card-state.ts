/**
 * The navigation state that asks Home to reopen the create/edit modal for a saved card (SPEC §2: "Arriving
 * with a navigation state that asks for the edit modal reopens it…"). The overview writes it (Edit, Back, and
 * the history entry browser Back returns to); Home reads it. It lives in `lib/` because a route and two
 * features share it.
 */
export interface EditCardState {
  editCard: { cardId: string };
}

export function editCardState(cardId: string): EditCardState {
  return { editCard: { cardId } };
}

/** The card id to edit, read defensively (history state can hold anything), or null. */
export function readEditCardState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const editCard = (state as { editCard?: unknown }).editCard;
  if (typeof editCard !== 'object' || editCard === null) return null;
  const cardId = (editCard as { cardId?: unknown }).cardId;
  return typeof cardId === 'string' && cardId.length > 0 && cardId.length <= 100 ? cardId : null;
}

/**
 * Makes the current history entry "Home with the edit modal" without a navigation, right before the editor
 * moves on to the overview: browser Back from the overview then lands on Home, which reopens the modal, and
 * Forward returns to the overview. React Router keeps its location state in `history.state.usr` (with its
 * own `key` and `idx`, kept as they are), so it reads this entry back on that Back.
 */
export function rememberEditCardInHistory(cardId: string, homePath: string): void {
  const current: unknown = window.history.state;
  if (typeof current !== 'object' || current === null || !('idx' in current)) return;
  window.history.replaceState({ ...current, usr: editCardState(cardId) }, '', homePath);
}
