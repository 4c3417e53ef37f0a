import { trimToWords } from '../../../shared/ai/ai-message.contract.ts';
import { withoutNotText } from '../../../shared/text/names.ts';

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Quotation marks a model wraps a whole answer in, opening → closing. */
const WRAPPING_QUOTES: Record<string, string> = { '"': '"', '“': '”', '«': '»', "'": "'", '„': '“' };

/** An opening line that talks about the message instead of being it: "Here's a heartfelt message:". */
const PREAMBLE = /^(?:sure|of course|certainly|here(?:'s| is)|вот|конечно|إليك|بالتأكيد)\b[^\n]*[:：]\s*$/iu;

function unwrapQuotes(text: string): string {
  const closing = WRAPPING_QUOTES[text[0] ?? ''];
  return closing && text.length > 1 && text.endsWith(closing) ? text.slice(1, -1).trim() : text;
}

/**
 * Turns what a language model answered into the plain text of a card (SPEC §9: at most 80 words): no HTML, no
 * markdown (headings, emphasis, lists, links, code), no "Here's your message:" line, no quotation marks around
 * the whole; line breaks between paragraphs stay. What is not text (NUL, lone surrogates) is dropped, so the
 * card saves what the dialog offers.
 */
export function cleanMessage(raw: string): string {
  let text = withoutNotText(raw)
    .replace(/```[a-z]*\n?/gi, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => HTML_ENTITIES[entity] ?? entity)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[-*•+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])\*(\S(?:.*?\S)?)\*(?=[\s).,!?:;]|$)/gm, '$1$2')
    .trim();
  const lines = text.split('\n');
  if (lines.length > 1 && PREAMBLE.test(lines[0]!.trim())) text = lines.slice(1).join('\n').trim();
  return trimToWords(unwrapQuotes(text));
}
