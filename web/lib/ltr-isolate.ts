/**
 * Text that must read left to right wherever it sits (a price inside an Arabic sentence: `50 US$` would
 * otherwise show as `$US 50`; an email address, whose dots and @ would move), wrapped in Unicode's
 * left-to-right isolate.
 */
export function ltrIsolate(text: string): string {
  return `\u2066${text}\u2069`;
}
