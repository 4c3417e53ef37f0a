/**
 * The 12 FAQ entries in SPEC §2's order. Each id names `faq.items.{id}.question` and `.answer` in the locales;
 * an answer's lines are its paragraphs.
 */
export const FAQ_ITEMS = [
  'whatIsWinc',
  'createCard',
  'faceSafety',
  'photosVideos',
  'occasions',
  'recipientOpens',
  'editBeforeSharing',
  'unlimitedCards',
  'recognitionTips',
  'international',
  'howToShare',
  'devices',
] as const;
export type FaqItemId = (typeof FAQ_ITEMS)[number];
