import { APIError, type GenericEndpointContext } from 'better-auth';
import { getSessionFromCtx } from 'better-auth/api';

type Fields = Record<string, unknown> | undefined;

/**
 * Whose password a reset or a change sets: the user the reset token was issued to (nobody for an unknown
 * token, which better-auth refuses next), or the signed-in user. Never the body's word for it.
 */
async function accountSettingPassword(
  ctx: GenericEndpointContext,
): Promise<{ email?: string | null; name?: string | null }> {
  if (ctx.path === '/change-password') return (await getSessionFromCtx(ctx))?.user ?? {};
  const token = (ctx.body as Fields)?.token ?? (ctx.query as Fields)?.token;
  if (typeof token !== 'string' || token === '') return {};
  const issued = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!issued || issued.expiresAt < new Date()) return {};
  return (await ctx.context.internalAdapter.findUserById(issued.value)) ?? {};
}

/**
 * Before a reset or a change of password (better-auth's hook): refuses a new password made of the account's
 * own address or name, with 'password-too-common'. Common passwords were already refused before the rate
 * limits (password-strength.ts); a sign-up's body carries its address and name, so it is complete there.
 */
export async function assertNewPasswordStrongFor(ctx: GenericEndpointContext): Promise<void> {
  if (ctx.path !== '/reset-password' && ctx.path !== '/change-password') return;
  // zxcvbn's dictionaries (half a megabyte of code) load with the first new password.
  const { isPasswordEasyToGuess, newPasswordIn, passwordUserInputs } = await import('./password-strength.ts');
  const password = newPasswordIn(ctx.path, (ctx.body as Fields) ?? {});
  if (password === null) return;
  if (isPasswordEasyToGuess(password, passwordUserInputs(await accountSettingPassword(ctx)))) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is too easy to guess.',
    });
  }
}
