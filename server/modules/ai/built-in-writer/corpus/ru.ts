import type { CorpusCase } from './corpus.ts';

/** Russian details as people write them, and what the message must make of them. */
export const russianCorpus: readonly CorpusCase[] = [
  {
    details: 'только что сдал на права и обожает рыбалку',
    relationships: ['Brother', 'Son'],
    facts: [
      { key: /прав/iu, woven: /сдал(?!а)|получил/iu },
      { key: /рыбалк/iu, woven: /(?:обожаешь|любишь)/iu },
    ],
    never: [/обожает/iu, /\bсдал на права и обожает\b/iu],
  },
  {
    details: 'она любит рисовать и учится в Москве',
    relationships: ['Sister'],
    facts: [
      { key: /рисова/iu, woven: /любишь/iu },
      { key: /Москв/iu, woven: /учишься|учёб/iu },
    ],
    never: [/(?<!\p{L})учится(?!\p{L})/iu, /(?<!\p{L})она(?!\p{L})/iu],
  },
];
