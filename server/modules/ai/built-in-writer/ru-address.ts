import type { LanguageMaterial, Lines } from './types.ts';

/**
 * A couple or a group is "вы" in lower case: every `{ты|Вы}` choice gains that third form, and a line that
 * says "ты" (or a "-шь" verb) outside a choice is said to one person only, so it gives way for several. The
 * template's `{…}` choice takes two forms (three make it throw "Malformed template"), so the plural form rides
 * on the gender choice: `{ты|Вы}` becomes `<{ты|Вы}|{ты|Вы}|{ты|Вы}|вы>`, and a line for one person starts
 * with `<|||!>`.
 */
export function addressingSeveral(material: LanguageMaterial): LanguageMaterial {
  const each = <T>(value: T): T => {
    if (typeof value === 'string') return forSeveral(value) as T;
    if (Array.isArray(value)) return value.map(each) as T;
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, each(item)])) as T;
    return value;
  };
  return { ...material, ...each(linesOf(material)) };
}

function linesOf(material: LanguageMaterial) {
  const { salutations, occasions, relations, details, comfort, signOffs } = material;
  return { salutations, occasions, relations, details, comfort, signOffs };
}

const POLITE_WORDS =
  /(?<!\p{L})В(ы|ас|ам|ами|аш|аша|аше|ашу|аши|ашего|ашей|ашему|ашим|ашими|аших|ашем)(?!\p{L})/gu;
const SINGULAR_ONLY =
  /(?<!\p{L})(?:ты|тебя|тебе|тобой|твой|твоя|твоё|твою|твои|твоего|твоей|твоему|твоим|твоих|твоём|\p{L}+шь|\p{L}+шься)(?!\p{L})/iu;

function forSeveral(line: Lines[number]): string {
  const withPlural = line.replace(
    /\{([^{}|<>]*)\|([^{}|<>]*)(?:\|([^{}|<>]*))?\}/gu,
    (_, informal: string, polite: string, several: string | undefined, at: number) => {
      const before = line.slice(0, at).replace(/[[\]]/gu, '').trim();
      const startsSentence = before === '' || /[.!?]$/u.test(before);
      const lowered = polite.replace(POLITE_WORDS, 'в$1');
      const plural =
        several ?? (startsSentence ? lowered.charAt(0).toUpperCase() + lowered.slice(1) : lowered);
      const one = `{${informal}|${polite}}`;
      return `<${one}|${one}|${one}|${plural}>`;
    },
  );
  const outsideChoices = withPlural.replace(/\{[^{}]*\}|<[^<>]*>/gu, ' ');
  return SINGULAR_ONLY.test(outsideChoices) ? `<|||!>${withPlural}` : withPlural;
}
