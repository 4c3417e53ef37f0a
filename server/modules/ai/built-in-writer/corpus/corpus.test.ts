import { describe, expect, it } from 'vitest';
import {
  countWords,
  AI_MESSAGE_MAX_WORDS,
  OCCASIONS,
  TONES,
  type MessageBrief,
} from '../../../../../shared/ai/ai-message.contract.ts';
import type { Language } from '../../../../../shared/i18n/languages.ts';
import { writeBuiltInMessage } from '../../built-in-writer.ts';
import { arabicCorpus } from './ar.ts';
import type { CorpusCase } from './corpus.ts';
import { englishCorpus } from './en.ts';
import { russianCorpus } from './ru.ts';
import { seeded } from '../../../../testing/seeded-random.ts';

const CORPORA: Record<Language, readonly CorpusCase[]> = {
  en: englishCorpus,
  ar: arabicCorpus,
  ru: russianCorpus,
};
const NAMES: Record<Language, { recipientName: string; senderName: string }> = {
  en: { recipientName: 'Alex', senderName: 'Sam' },
  ar: { recipientName: 'نور', senderName: 'ليلى' },
  ru: { recipientName: 'Саша', senderName: 'Женя' },
};
/** Seeds per combination: the writer picks among alternatives, so each combination is written a few times. */
const SEEDS = 3;

const occurrences = (text: string, pattern: RegExp) =>
  text.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))
    ?.length ?? 0;

/** Every breach of one case in one message, described; empty when the message is right. */
function breaches(testCase: CorpusCase, text: string, notWoven: readonly string[]): string[] {
  const found: string[] = [];
  for (const fact of testCase.facts) {
    const times = occurrences(text, fact.key);
    const reported = notWoven.some((part) => fact.key.test(part));
    if (times === 0 && !reported) found.push(`${fact.key} is neither in the text nor reported as not woven`);
    if (times > 1) found.push(`${fact.key} is said ${times} times`);
    if (times > 0 && reported) found.push(`${fact.key} is in the text and also reported as not woven`);
    if (times > 0 && fact.woven && !fact.woven.test(text))
      found.push(`${fact.key} is woven without ${fact.woven}`);
  }
  for (const pattern of testCase.never ?? []) if (pattern.test(text)) found.push(`says ${pattern}`);
  if (countWords(text) > AI_MESSAGE_MAX_WORDS) found.push(`has ${countWords(text)} words`);
  return found;
}

for (const [language, corpus] of Object.entries(CORPORA) as Array<[Language, readonly CorpusCase[]]>) {
  describe(`the built-in writer's corpus in ${language}`, () => {
    it.each(corpus.map((testCase) => [testCase.details, testCase] as const))('%s', (_, testCase) => {
      const problems: string[] = [];
      for (const relationship of testCase.relationships)
        for (const occasion of OCCASIONS)
          for (const tone of TONES)
            for (let seed = 1; seed <= SEEDS; seed++) {
              const brief: MessageBrief = {
                occasion,
                tone,
                relationship,
                ...NAMES[language],
                ...(testCase.recipientName ? { recipientName: testCase.recipientName } : {}),
                personalDetails: testCase.details,
                language,
              };
              const { text, notWoven } = writeBuiltInMessage(brief, { random: seeded(seed * 7919) });
              for (const problem of breaches(testCase, text, notWoven))
                problems.push(
                  `${relationship} · ${occasion} · ${tone}: ${problem}\n    ${text.replace(/\n/gu, ' / ')}`,
                );
            }
      expect(problems.slice(0, 5).join('\n')).toBe('');
    });
  });
}
