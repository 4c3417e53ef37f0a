/**
 * A locale file imported by a part of the app that needs only some of its sections: the query makes it a
 * module apart from the app's own import of the whole file, so only the sections named are bundled.
 */
declare module '*.json?part' {
  type Strings = Record<string, unknown>;
  export const common: Strings;
  export const errors: Strings;
  export const faq: Strings;
  export const header: Strings;
  export const overview: Strings;
  export const recipient: Strings;
  export const routeError: Strings;
}
