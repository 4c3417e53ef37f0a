import { magicLink } from 'better-auth/plugins/magic-link';
import { SIGN_IN_LINK_LIFETIME_MINUTES } from '../../../shared/accounts/accounts.contract.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Mailer } from '../mail/mail-messages.ts';

/**
 * One-time sign-in links by mail (better-auth's magic-link plugin: `POST /api/auth/sign-in/magic-link`
 * {email, callbackURL, errorCallbackURL}, and the mailed `GET /api/auth/magic-link/verify?token=…`). They
 * are how an account locked by many addresses' wrong guesses still signs in (docs/decisions/0017-trust.md).
 *
 * A link goes only to an existing, verified, enabled account; the answer is the same for any address. It
 * never creates an account (`disableSignUp`), and since an unverified account gets no link, it never verifies
 * one either (that stays the verification mail's job). The token is stored hashed and is consumed by its
 * first use.
 */
export function signInLinks(deps: {
  mailer: Mailer;
  mailLanguage: (request: Request | undefined, stored: unknown) => Language;
}) {
  return magicLink({
    disableSignUp: true,
    // Long enough for a slow mail, short for a link lying in an inbox.
    expiresIn: SIGN_IN_LINK_LIFETIME_MINUTES * 60,
    storeToken: 'hashed',
    sendMagicLink: async ({ email, url }, context) => {
      const found = await context?.context.internalAdapter.findUserByEmail(email);
      const user = found?.user as
        (Record<string, unknown> & { email: string; name: string; emailVerified: boolean }) | undefined;
      if (!user || !user.emailVerified || user.disabled === true || user.disabled === 1) return;
      await deps.mailer.send({
        kind: 'sign-in-link',
        to: user.email,
        language: deps.mailLanguage(context?.request, user.language),
        name: user.name,
        url,
        minutes: SIGN_IN_LINK_LIFETIME_MINUTES,
      });
    },
  });
}
