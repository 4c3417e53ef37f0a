/**
 * SPEC §2: each event button shows an icon chosen by keywords in the event's (canonical English) name.
 * The first rule that matches wins, so more specific words come first ("baby shower" is a baby, not a party).
 */
export type EventIconKey =
  | 'cake'
  | 'rings'
  | 'graduation'
  | 'moon'
  | 'tree'
  | 'baby'
  | 'ghost'
  | 'heart'
  | 'gift'
  | 'party'
  | 'flower'
  | 'sparkles';

const rules: ReadonlyArray<readonly [EventIconKey, RegExp]> = [
  ['baby', /\bbab(y|ies)\b|newborn|\bgender reveal/],
  ['cake', /birthday|\bbday\b/],
  ['rings', /wedding|marriage|married|engage/],
  ['graduation', /graduat/],
  ['moon', /ramadan|\beid\b/],
  ['tree', /christmas|x-?mas|new year/],
  ['ghost', /halloween/],
  ['heart', /valentine|\blove\b|anniversar/],
  ['gift', /thank/],
  ['flower', /mother|get well|sympath/],
  ['party', /congrat|celebrat|party/],
];

export function eventIconKey(eventName: string): EventIconKey {
  const name = eventName.toLocaleLowerCase('en');
  return rules.find(([, pattern]) => pattern.test(name))?.[0] ?? 'sparkles';
}
