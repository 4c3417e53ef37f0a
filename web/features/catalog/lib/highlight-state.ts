/**
 * Navigation state that asks a category page to scroll to a template and highlight it (SPEC §2: a New Drops
 * template opens its category first). Carried in history state, so it never shows in the URL.
 */
export interface HighlightState {
  highlightTemplateId: string;
}

export function highlightState(templateId: string): HighlightState {
  return { highlightTemplateId: templateId };
}

/** The template id to highlight, from whatever history state the page arrived with. */
export function readHighlightTemplateId(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as Partial<HighlightState>).highlightTemplateId;
  return typeof id === 'string' && id !== '' ? id : null;
}
