import type { Count, Gender } from './types.ts';

/**
 * The small template language the material is written in, so a line reads like the sentence it becomes:
 * - `{to}`, `{from}`, `{thing}`…: a value; `{Thing}` capitalises it. A line whose value is empty does not apply.
 * - `[, {to}]`: kept only when every value inside is present ("Happy birthday[, {to}]!").
 * - `{ты|Вы}`: the informal or the polite form of address; `{ты|Вы|вы}` has a third for several people.
 * - `<m|f|n>`: the form for a male, a female, or a recipient whose gender is unknown; `<m|f|n|p>` adds the
 *   form for several people, `<m|f|n|two|many>` the forms for two (Arabic's dual) and for more.
 * A chosen form of `!` means the line does not apply to this recipient. A line of three gender forms has no
 * form for several people and does not apply to them; a `{ты|Вы}` choice gives them the polite form.
 */
export interface FillOptions {
  vars: Readonly<Record<string, string | undefined>>;
  gender: Gender;
  polite: boolean;
  count?: Count;
}

const POLITE_CHOICE = /\{([^{}<>]*\|[^{}<>]*)\}/gu;
const GENDER_CHOICE = /<([^<>]*)>/gu;
const OPTIONAL = /\[([^[\]]*)\]/gu;
const VALUE = /\{([A-Za-z]+)\}/gu;
const LEFTOVER_SYNTAX = /[{}<>[\]|]/u;

/** Fills one line for one recipient, or null when the line cannot be said to them. */
export function fill(template: string, options: FillOptions): string | null {
  let applies = true;
  const count = options.count ?? 'one';
  const choose = (forms: string[], index: number | null): string => {
    if (index === null) {
      applies = false;
      return '';
    }
    const chosen = forms[index] ?? '';
    if (chosen === '!') applies = false;
    return chosen;
  };
  let text = template.replace(POLITE_CHOICE, (_, body: string) => {
    const forms = body.split('|');
    if (forms.length !== 2 && forms.length !== 3)
      throw new Error(`Malformed choice in template: ${template}`);
    if (count !== 'one') return choose(forms, forms.length === 3 ? 2 : 1);
    return choose(forms, options.polite ? 1 : 0);
  });
  text = text.replace(GENDER_CHOICE, (_, body: string) => {
    const forms = body.split('|');
    if (forms.length < 3 || forms.length > 5) throw new Error(`Malformed choice in template: ${template}`);
    if (count === 'one')
      return choose(forms, options.gender === 'male' ? 0 : options.gender === 'female' ? 1 : 2);
    if (forms.length === 3) return choose(forms, null);
    return choose(forms, forms.length === 5 && count === 'many' ? 4 : 3);
  });
  if (!applies) return null;
  text = text.replace(OPTIONAL, (_, body: string) =>
    [...body.matchAll(VALUE)].every((match) => valueOf(match[1] ?? '', options.vars)) ? body : '',
  );
  if (LEFTOVER_SYNTAX.test(text.replace(VALUE, ''))) throw new Error(`Malformed template: ${template}`);
  text = text.replace(VALUE, (_, name: string) => {
    const value = valueOf(name, options.vars);
    if (!value) applies = false;
    return value;
  });
  return applies ? tidy(text) : null;
}

function valueOf(name: string, vars: FillOptions['vars']): string {
  const key = name.charAt(0).toLowerCase() + name.slice(1);
  const value = vars[key]?.trim() ?? '';
  return name === key ? value : capitalize(value);
}

/** The first letter upper-cased; scripts without case (Arabic) are left as they are. */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** One space between words and none before punctuation, whatever a left-out part left behind. */
export function tidy(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/gu, ' ')
    .replace(/ +([,.!?;:،؟؛])/gu, '$1')
    .replace(/([,،])(?=[,،.!?])/gu, '')
    .trim();
}
