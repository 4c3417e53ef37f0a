/**
 * Return paths (callbackURL, redirectTo, …) must be same-origin relative paths: "/signin?verified=1" yes;
 * "https://evil.example", "//evil.example", "/\\evil.example" and "javascript:…" no. This is the one check
 * for every redirect target a client can hand the authentication endpoints.
 */
export function isSafeReturnPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers treat a backslash as a slash and drop tabs/newlines, so "/\evil" and "/\t/evil" leave the site.
  if (value.includes('\\') || /\s/.test(value) || [...value].some((char) => char.charCodeAt(0) < 0x20))
    return false;
  try {
    return new URL(value, 'http://winc.invalid').origin === 'http://winc.invalid';
  } catch {
    return false;
  }
}

/** The fields of a request body or query that better-auth redirects to. */
export const RETURN_PATH_FIELDS = [
  'callbackURL',
  'errorCallbackURL',
  'newUserCallbackURL',
  'redirectTo',
] as const;
