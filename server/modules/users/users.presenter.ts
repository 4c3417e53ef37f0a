import type { CurrentUser } from '../../../shared/accounts/accounts.contract.ts';
import type { UserRecord } from './users.repository.ts';

/** The signed-in user as the browser sees it: allow-listed fields only (never the disabled flag). */
export function presentCurrentUser(user: UserRecord, roles: { isAdmin: boolean }): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image,
    credits: user.credits,
    tier: user.tier,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
    isAdmin: roles.isAdmin,
  };
}
