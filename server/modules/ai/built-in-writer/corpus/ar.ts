import type { CorpusCase } from './corpus.ts';

/** Arabic details as people write them, and what the message must make of them. */
export const arabicCorpus: readonly CorpusCase[] = [
  {
    details: 'يحب القهوة العربية وقد انتقل للتو إلى دبي',
    relationships: ['Son'],
    facts: [
      { key: /القهوة العربية/u, woven: /تحبّ?\s/u },
      { key: /دبي/u, woven: /انتقلتَ|انتقالكَ|انتقالك/u },
    ],
    never: [/(?<!\p{L})انتقل(?!\p{L})/u, /(?<!\p{L})يحب(?!\p{L})/u],
  },
  {
    details: 'تحب الرسم وتدرس في القاهرة',
    relationships: ['Daughter'],
    facts: [
      { key: /الرسم/u, woven: /تحبين/u },
      { key: /القاهرة/u, woven: /تدرسين|دراستكِ|دراستك/u },
    ],
    never: [/(?<!\p{L})وتدرس(?!\p{L})/u, /(?<!\p{L})تدرس(?!\p{L})/u],
  },
];
