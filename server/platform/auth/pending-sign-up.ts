import crypto from 'node:crypto';
import {
  APIError,
  generateId,
  type Account,
  type AuthContext,
  type GenericEndpointContext,
  type User,
} from 'better-auth';
import { sendVerificationEmailFn } from 'better-auth/api';
import { parseCookies, setSessionCookie } from 'better-auth/cookies';
import { revokeUnprovenAccountAccess } from 'better-auth/db';
import { accountNameSchema, AUTH_CALLBACKS } from '../../../shared/accounts/accounts.contract.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Mailer } from '../mail/mail-messages.ts';

/**
 * An address is an account's only after a mail to it came back, and then only credentials its owner chose
 * may open it (docs/decisions/0017-trust.md, "An address is verified with its owner's credentials only"):
 *
 * - the browser whose sign-up set an unverified account's password gets a cookie bound to that password
 *   (an HMAC of the account id and the password's hash): a later sign-up, which replaces the password,
 *   leaves that cookie matching nothing;
 * - a sign-up for an unverified address replaces the pending password, name and language and sends a
 *   fresh verification mail; one for a verified address mails the owner instead. Both answer as a new
 *   sign-up does (better-auth's answer for an existing address, and a cookie of the same name);
 * - the verification link revokes every session the account had. Opened in the browser whose cookie matches
 *   the pending password it signs in as before; opened anywhere else it verifies the address, removes the
 *   password nobody there chose, and sends the opener to choose one (a single-use token that
 *   `/reset-password` takes, after which the opener is signed in);
 * - a provider (Google) linked to an unverified account removes that account's password and sessions.
 */

const COOKIE = 'pending_sign_up';
const COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
/** The verification row that has `/reset-password` sign the opener in once the password is chosen. */
const SIGN_IN_AFTER_PASSWORD = 'sign-in-after-password:';
const RESET_PASSWORD = 'reset-password:';
const CHOOSE_PASSWORD_TTL_MS = 60 * 60 * 1000;

export interface PendingSignUpDeps {
  /** The key of the cookie's HMAC (derived from the auth secret). */
  key: Buffer;
  mailer: Mailer;
  origin: string;
  /** better-auth's context, for the hooks that are given none. */
  authContext(): Promise<AuthContext>;
  /** The UI language of a request (its header), else the stored one, else English. */
  languageOf(request: Request | undefined, stored: unknown): Language;
  /** A sign-up replaced a pending one: the guest session of its browser becomes the account's. */
  onSignUpRepeated(userId: string, cookieHeader: string | null): Promise<void>;
}

/** An endpoint's context in an after hook: what the endpoint answered is there too. */
type AfterEndpointContext = GenericEndpointContext & { context: { returned?: unknown } };

/** What better-auth answers a sign-up with: the created user, or a synthetic one for an existing address. */
function signedUpUserId(returned: unknown): string | null {
  if (!returned || typeof returned !== 'object' || !('user' in returned)) return null;
  const { user } = returned;
  return user && typeof user === 'object' && typeof (user as { id?: unknown }).id === 'string'
    ? (user as { id: string }).id
    : null;
}

export function createPendingSignUps(deps: PendingSignUpDeps) {
  const mark = (userId: string, passwordHash: string) =>
    crypto.createHmac('sha256', deps.key).update(`${userId}:${passwordHash}`).digest('base64url');

  function setMark(ctx: GenericEndpointContext, value: string): void {
    const cookie = ctx.context.createAuthCookie(COOKIE, {
      maxAge: COOKIE_MAX_AGE_S,
      path: `${new URL(ctx.context.baseURL).pathname}/verify-email`,
    });
    ctx.setCookie(cookie.name, value, cookie.attributes);
  }

  /** Whether the request comes from the browser whose sign-up set `passwordHash` as `userId`'s password. */
  function signedUpHere(context: AuthContext, request: Request | undefined, userId: string, hash: string) {
    const sent = parseCookies(request?.headers.get('cookie') ?? '').get(
      context.createAuthCookie(COOKIE).name,
    );
    if (!sent) return false;
    const expected = Buffer.from(mark(userId, hash));
    const given = Buffer.from(sent);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  /** A sign-up takes over an unverified address: its password, name and language, and a fresh mail. */
  async function replacePendingSignUp(ctx: GenericEndpointContext, user: User): Promise<void> {
    const body = ctx.body as { name: string; password: string };
    const internal = ctx.context.internalAdapter;
    const hash = await ctx.context.password.hash(body.password);
    const credential = await internal.findCredentialAccount(user.id);
    if (credential) await internal.updateAccount(credential.id, { password: hash });
    else
      await internal.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: hash,
      });
    setMark(ctx, mark(user.id, hash));
    const name = accountNameSchema.parse(body.name);
    const language = deps.languageOf(ctx.request, undefined);
    const updated = await internal.updateUser(user.id, { name, language });
    await deps.onSignUpRepeated(user.id, ctx.request?.headers.get('cookie') ?? null);
    await sendVerificationEmailFn(ctx, { ...user, ...updated, name });
  }

  /** The password hash each sign-up request stored for a new account, until its answer marks the browser. */
  const storedAtSignUp = new WeakMap<Request, { userId: string; hash: string }>();

  return {
    /** A password was stored: at sign-up, it is the one this request's browser chose. */
    onCredentialCreated(account: Account, ctx: GenericEndpointContext | null): void {
      if (ctx?.path !== '/sign-up/email' || !ctx.request) return;
      if (account.providerId !== 'credential' || !account.password) return;
      storedAtSignUp.set(ctx.request, { userId: account.userId, hash: account.password });
    },

    /**
     * After a sign-up better-auth accepted: a new account's browser is marked; an unverified address is taken
     * over by this sign-up; the owner of a verified one is told that someone tried.
     */
    async afterSignUp(ctx: AfterEndpointContext): Promise<void> {
      const answeredId = signedUpUserId(ctx.context.returned);
      const email = (ctx.body as { email?: unknown } | undefined)?.email;
      if (!answeredId || typeof email !== 'string') return;
      const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
      if (!existing) return;
      if (existing.user.id === answeredId) {
        const stored = ctx.request && storedAtSignUp.get(ctx.request);
        if (stored) setMark(ctx, mark(stored.userId, stored.hash));
        return;
      }
      if (!existing.user.emailVerified) {
        await replacePendingSignUp(ctx, existing.user);
        return;
      }
      // The same cookie as any sign-up sets, so the answer does not tell a verified address apart.
      setMark(ctx, crypto.randomBytes(32).toString('base64url'));
      const owner = existing.user as User & { language?: unknown };
      await deps.mailer.send({
        kind: 'sign-up-attempt',
        to: owner.email,
        language: deps.languageOf(undefined, owner.language),
        name: owner.name,
        signInUrl: `${deps.origin}${AUTH_CALLBACKS.signIn}`,
        resetPasswordUrl: `${deps.origin}${AUTH_CALLBACKS.resetPassword}`,
      });
    },

    /**
     * The verification link of an unverified account was opened: its sessions go. In the browser that chose
     * the pending password, that password stays (any other sign-in method linked before goes) and
     * better-auth then verifies and signs in; anywhere else the address is verified without any earlier
     * credential and the opener is sent to choose a password.
     */
    async beforeVerification(user: User, request: Request | undefined): Promise<void> {
      const context = await deps.authContext();
      const credential = await context.internalAdapter.findCredentialAccount(user.id);
      if (credential?.password && signedUpHere(context, request, user.id, credential.password)) {
        for (const account of await context.internalAdapter.findAccounts(user.id)) {
          if (account.id !== credential.id) await context.internalAdapter.deleteAccount(account.id);
        }
        await context.internalAdapter.deleteUserSessions(user.id);
        return;
      }
      // better-auth's own step for a proof that reaches an unverified account (as its magic link and email
      // code do): every account link and session goes, then the address is verified. It reads only the
      // context.
      await revokeUnprovenAccountAccess({ context } as GenericEndpointContext, user.id);
      const token = generateId(24);
      const expiresAt = new Date(Date.now() + CHOOSE_PASSWORD_TTL_MS);
      for (const prefix of [RESET_PASSWORD, SIGN_IN_AFTER_PASSWORD]) {
        await context.internalAdapter.createVerificationValue({
          identifier: `${prefix}${token}`,
          value: user.id,
          expiresAt,
        });
      }
      const next = request ? new URL(request.url).searchParams.get('callbackURL') : null;
      const query = new URLSearchParams({ token, next: next || AUTH_CALLBACKS.emailVerified });
      throw new APIError('FOUND', undefined, { location: `${AUTH_CALLBACKS.choosePassword}?${query}` });
    },

    /**
     * A provider is about to be linked to an account: when nobody verified that account's address, the
     * provider is the first proof, and the password and sessions that came before it go.
     */
    async beforeProviderLinked(account: Partial<Account>, ctx: GenericEndpointContext | null): Promise<void> {
      if (!ctx || !account.userId || account.providerId === 'credential') return;
      const internal = ctx.context.internalAdapter;
      const user = await internal.findUserById(account.userId);
      if (!user || user.emailVerified) return;
      for (const earlier of await internal.findAccounts(user.id)) await internal.deleteAccount(earlier.id);
      await internal.deleteUserSessions(user.id);
    },

    /** After `/reset-password`: a password chosen at verification signs its chooser in. */
    async afterPasswordChosen(ctx: AfterEndpointContext): Promise<void> {
      const returned = ctx.context.returned as { status?: unknown } | undefined;
      const token =
        (ctx.body as { token?: unknown } | undefined)?.token ??
        (ctx.query as { token?: unknown } | undefined)?.token;
      if (returned?.status !== true || typeof token !== 'string') return;
      const internal = ctx.context.internalAdapter;
      const chosen = await internal.consumeVerificationValue(`${SIGN_IN_AFTER_PASSWORD}${token}`);
      if (!chosen) return;
      const user = await internal.findUserById(chosen.value);
      if (!user) return;
      const session = await internal.createSession(user.id);
      await setSessionCookie(ctx, { session, user });
    },
  };
}

export type PendingSignUps = ReturnType<typeof createPendingSignUps>;
