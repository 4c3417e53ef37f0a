import type { CorpusCase } from './corpus.ts';

/** English details as people write them, and what the message must make of them. */
export const englishCorpus: readonly CorpusCase[] = [
  {
    details: 'He just turned 30, loves rock climbing, and burnt the pancakes last Sunday',
    relationships: ['Close Friend', 'Brother'],
    facts: [
      { key: /\b30\b|thirty/iu },
      {
        key: /rock climbing/iu,
        woven: /\byou(?:'re| are)? (?:love|adore|enjoy)|your love of rock climbing/iu,
      },
      { key: /pancakes/iu, woven: /\byou burn(?:t|ed)\b/iu },
    ],
    never: [/\bloves\b/iu, /\bhe\b/iu, /you just turned 30, loves/iu],
  },
];
