const REFERENCE_ORIGIN = 'http://winc.invalid';
/** Enough for any path we hand out; a value still encoded after this many rounds is refused. */
const MAX_DECODE_ROUNDS = 3;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * The value, then what it becomes after each round of percent-decoding, or null when its encoding is broken
 * or nests deeper than we would ever produce. A browser, our web app or better-auth may decode a return path
 * before using it, so every form has to stay on the site.
 */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS && current.includes('%'); round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    if (round === MAX_DECODE_ROUNDS) return null;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * A form stays on the site once normalised as a browser would (dot segments resolved, backslashes read as
 * slashes, tabs and newlines dropped): "/..//evil.example" normalises to "//evil.example", which better-auth
 * then sends as a protocol-relative Location.
 */
function staysOnSite(form: string): boolean {
  if (!form.startsWith('/') || form.startsWith('//') || CONTROL_OR_BACKSLASH.test(form)) return false;
  try {
    const url = new URL(form, REFERENCE_ORIGIN);
    return url.origin === REFERENCE_ORIGIN && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/**
 * Return paths (callbackURL, redirectTo, …) must be same-origin relative paths: "/signin?verified=1" yes;
 * "https://evil.example", "//evil.example", "/\\evil.example", "/..//evil.example", "/%2e%2e//evil.example",
 * "/%5cevil.example" and "javascript:…" no. The path is judged after normalisation and percent-decoding,
 * because that is what the auth library and browsers redirect to. This is the one check for every redirect
 * target a client can hand the authentication endpoints.
 */
export function isSafeReturnPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000) return false;
  // A space is never part of a path we hand out; an encoded one in a query value (%20) is fine.
  if (/\s/.test(value)) return false;
  const forms = decodedForms(value);
  return forms !== null && forms.every(staysOnSite);
}

/** The fields of a request body or query that better-auth redirects to. */
export const RETURN_PATH_FIELDS = [
  'callbackURL',
  'errorCallbackURL',
  'newUserCallbackURL',
  'redirectTo',
] as const;
