/**
 * A part of the strings (`shared/i18n/string-parts.ts`), made by the build's `winc:locale-parts` plugin: a
 * loader of its module in each language.
 */
declare module 'virtual:strings/*' {
  // An ambient module cannot import a relative path; an import type can.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const strings: import('./i18n.ts').Strings;
  export default strings;
}
