/**
 * What the auth screens need from the session, handed in by the route (features do not import each other):
 * whether someone is signed in, and a way to re-read the user after signing in.
 */
export interface AuthSessionPort {
  status: 'loading' | 'signed-in' | 'signed-out';
  refresh: () => Promise<{ id: string } | null>;
}
