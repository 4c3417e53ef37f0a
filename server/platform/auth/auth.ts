import { APIError, betterAuth, type AuthContext, type BetterAuthOptions } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  accountNameSchema,
  AUTH_CALLBACKS,
  GOOGLE_PROVIDER_ID,
} from '../../../shared/accounts/accounts.contract.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages.ts';
import type { AppConfig } from '../config.ts';
import { passwordHasher } from './password-hashing.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mail-messages.ts';
import { CLIENT_IP_HEADER } from './auth-request.ts';
import { deriveKey } from './auth-secret.ts';
import { assertNewPasswordStrongFor } from './new-password.ts';
import { createPendingSignUps } from './pending-sign-up.ts';
import { signInLinks } from './sign-in-link.ts';
import { LANGUAGE_HEADER } from '../../../shared/i18n/languages.ts';
import { accountsApi } from '../../../shared/api-paths.ts';

/** better-auth's own table and column names, mapped onto our snake_case schema (migration 0004-accounts). */
const schemaNames = {
  user: {
    modelName: 'users',
    fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
  },
  session: {
    modelName: 'sessions',
    fields: {
      userId: 'user_id',
      expiresAt: 'expires_at',
      ipAddress: 'ip_address',
      userAgent: 'user_agent',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  account: {
    modelName: 'accounts',
    fields: {
      accountId: 'account_id',
      providerId: 'provider_id',
      userId: 'user_id',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      idToken: 'id_token',
      accessTokenExpiresAt: 'access_token_expires_at',
      refreshTokenExpiresAt: 'refresh_token_expires_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  verification: {
    modelName: 'verifications',
    fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
  },
} as const;

/** What follows better-auth's moments: the accounts module's handlers, reached through auth-events.ts. */
export interface AuthEvents {
  /**
   * A session was created (email sign-in, the verification link, Google's callback): the first-sign-in grant
   * and the guest-card transfer. `cookieHeader` is the browser's Cookie header (the guest cookie).
   */
  onSessionCreated(userId: string, cookieHeader: string | null): Promise<void>;
  /** An account was created; `cookieHeader` is the Cookie header of the browser that created it. */
  onUserCreated(userId: string, cookieHeader: string | null): Promise<void>;
  /** A sign-up took over an unverified account (docs/decisions/0017-trust.md); its browser's Cookies. */
  onSignUpRepeated(userId: string, cookieHeader: string | null): Promise<void>;
}

export interface AuthDeps {
  config: AppConfig;
  database: Database;
  secret: string;
  mailer: Mailer;
  events: AuthEvents;
  log: FastifyBaseLogger;
}

/** The origin users reach the app at: links in mails and OAuth redirects use it. */
export function appOrigin(config: Pick<AppConfig, 'publicOrigin' | 'port'>): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}

/** The language of a mail: the UI language the request carries, else the user's stored one, else English. */
function mailLanguage(request: Request | undefined, stored: unknown): Language {
  const fromRequest = request?.headers.get(LANGUAGE_HEADER);
  if (isLanguage(fromRequest)) return fromRequest;
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The Cookie header of the request behind a better-auth hook, when there is one. */
function cookieHeaderOf(
  context: { request?: Request | undefined; headers?: Headers | undefined } | null | undefined,
): string | null {
  return context?.request?.headers.get('cookie') ?? context?.headers?.get('cookie') ?? null;
}

/** A verification link that lands on our app: better-auth's link, with our default return path. */
function verificationLink(url: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (!callback || callback === '/') link.searchParams.set('callbackURL', AUTH_CALLBACKS.emailVerified);
  return link.toString();
}

/** The account name of a sign-up, by the contract's rule (better-auth only checks that it is a string). */
function checkedAccountName(name: unknown): string {
  const checked = accountNameSchema.safeParse(name);
  if (!checked.success) {
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_ERROR',
      message: `The name must be 1 to ${ACCOUNT_NAME_MAX_LENGTH} characters of text.`,
    });
  }
  return checked.data;
}

function buildOptions(deps: AuthDeps, authContext: () => Promise<AuthContext>) {
  const { config, database, mailer, events } = deps;
  const origin = appOrigin(config);
  const pendingSignUps = createPendingSignUps({
    key: deriveKey(deps.secret, 'pending-sign-up-cookie'),
    mailer,
    origin,
    authContext,
    languageOf: mailLanguage,
    onSignUpRepeated: (userId, cookieHeader) => events.onSignUpRepeated(userId, cookieHeader),
  });
  const secure = origin.startsWith('https://');
  // better-auth gets the same connection (pool or SQLite handle, and its lock) without our CamelCasePlugin:
  // it names columns itself, through the snake_case mapping above.
  const db = database.db.withoutPlugins() as unknown as Kysely<unknown>;
  // One-time links by mail: how an account locked by many addresses' guesses still signs in.
  const signInLink = signInLinks({ mailer, mailLanguage });

  return {
    appName: 'Winc',
    baseURL: origin,
    basePath: accountsApi.auth,
    secret: deps.secret,
    database: { db, type: database.dialect, transaction: true },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const details = args.length > 0 ? { details: args } : {};
        deps.log[level === 'debug' ? 'debug' : level]({ ...details, from: 'better-auth' }, message);
      },
    },
    // Our DB-backed limiter (shared by every instance) guards the auth routes; see auth-rate-limits.ts.
    rateLimit: { enabled: false },
    // Without PUBLIC_ORIGIN, a request is trusted from the origin it was addressed to (as our origin check).
    trustedOrigins: (request?: Request) => {
      const own = request ? new URL(request.url).origin : origin;
      return config.publicOrigin ? [config.publicOrigin] : [origin, own];
    },
    // Profile changes go through PATCH /api/me; account deletion through DELETE /api/me (removes cards and files).
    // The app re-checks a password only where it acts on it (deleting the account, changing the password),
    // under one throttle: a bare password oracle would be one more endpoint to guess against.
    disabledPaths: ['/update-user', '/delete-user', '/verify-password'],
    onAPIError: { errorURL: `${origin}${AUTH_CALLBACKS.signInError}` },
    advanced: {
      cookiePrefix: 'winc',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      // Our bridge puts Fastify's request.ip (which honours X-Forwarded-For only with TRUST_PROXY) here.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    ...schemaNames,
    user: {
      ...schemaNames.user,
      additionalFields: {
        // Set only by the credits ledger (first sign-in grant, spends, purchases): never by a request.
        credits: { type: 'number', required: true, defaultValue: 0, input: false },
        tier: { type: 'string', required: true, defaultValue: 'free', input: false },
        // The UI language at sign-up, for mails sent without a request (and as a fallback).
        language: { type: 'string', required: true, defaultValue: DEFAULT_LANGUAGE, input: false },
        disabled: {
          type: 'boolean',
          required: true,
          defaultValue: false,
          input: false,
          returned: false,
          fieldName: 'is_disabled',
        },
      },
      changeEmail: {
        enabled: true,
        // The current address confirms first, then the new one is verified (two links).
        sendChangeEmailConfirmation: async ({ user, newEmail, url }, request) => {
          await mailer.send({
            kind: 'confirm-email-change',
            to: user.email,
            language: mailLanguage(request, (user as { language?: unknown }).language),
            name: user.name,
            url,
            newEmail,
          });
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: passwordHasher(config.passwordHashing),
      sendResetPassword: async ({ user, token }, request) => {
        await mailer.send({
          kind: 'reset-password',
          to: user.email,
          language: mailLanguage(request, (user as { language?: unknown }).language),
          name: user.name,
          url: `${origin}${AUTH_CALLBACKS.resetPassword}?token=${encodeURIComponent(token)}`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      // Sessions go; a browser that did not choose the pending password chooses one before signing in.
      beforeEmailVerification: (user, request) => pendingSignUps.beforeVerification(user, request),
      sendVerificationEmail: async ({ user, url }, request) => {
        await mailer.send({
          kind: 'verify-email',
          to: user.email,
          language: mailLanguage(request, (user as { language?: unknown }).language),
          name: user.name,
          url: verificationLink(url),
        });
      },
    },
    account: {
      ...schemaNames.account,
      accountLinking: {
        enabled: true,
        trustedProviders: [GOOGLE_PROVIDER_ID],
        // Google may sign in to an address someone signed up without verifying: linking removes that
        // unproven password and its sessions (the account hook below), so the owner is not locked out.
        requireLocalEmailVerified: false,
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Checked before better-auth looks the address up, so new and existing addresses answer alike.
        if (ctx.path === '/sign-up/email') checkedAccountName((ctx.body as { name?: unknown }).name);
        await assertNewPasswordStrongFor(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') await pendingSignUps.afterSignUp(ctx);
        if (ctx.path === '/reset-password') await pendingSignUps.afterPasswordChosen(ctx);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Runs inside better-auth's transaction: no queries of our own here.
          before: async (user, context) => {
            const language = mailLanguage(context?.request, undefined);
            return { data: { ...user, name: checkedAccountName(user.name), language } };
          },
          // Runs after better-auth's transaction committed.
          after: async (user, context) => {
            await events.onUserCreated(user.id, cookieHeaderOf(context));
          },
        },
      },
      account: {
        create: {
          before: async (account, context) => {
            await pendingSignUps.beforeProviderLinked(account, context);
          },
          after: async (account, context) => {
            pendingSignUps.onCredentialCreated(account, context);
          },
        },
      },
      session: {
        create: {
          before: async (session, context) => {
            if (!context) return;
            // Through better-auth's adapter, which joins its transaction when there is one.
            const user = (await context.context.internalAdapter.findUserById(session.userId)) as
              (Record<string, unknown> & { disabled?: unknown }) | null;
            if (user && (user.disabled === true || user.disabled === 1)) {
              throw new APIError('FORBIDDEN', {
                code: 'USER_DISABLED',
                message: 'This account has been disabled.',
              });
            }
          },
          // Runs after better-auth's transaction committed.
          after: async (session, context) => {
            await events.onSessionCreated(session.userId, cookieHeaderOf(context));
          },
        },
      },
    },
    plugins: config.google
      ? [
          signInLink,
          genericOAuth({
            config: [
              {
                // Google through OpenID Connect discovery, so tests can point the whole flow at a local provider.
                providerId: GOOGLE_PROVIDER_ID,
                name: 'Google',
                discoveryUrl: `${config.google.issuerUrl}/.well-known/openid-configuration`,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                requireIdTokenVerification: true,
                mapProfileToUser: (profile: Record<string, unknown>) => ({
                  name:
                    typeof profile.name === 'string' && profile.name
                      ? profile.name
                      : typeof profile.email === 'string'
                        ? profile.email
                        : '',
                }),
              },
            ],
          }),
        ]
      : [signInLink],
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  // The verification hook is given no context of better-auth's: it reads the instance's once it exists.
  const instance: { context?: Promise<AuthContext> } = {};
  const auth = betterAuth(buildOptions(deps, () => instance.context!));
  instance.context = auth.$context as unknown as Promise<AuthContext>;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
