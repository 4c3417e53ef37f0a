/** Who manages the catalog: the one rule, used by the admin routes and by the session answer. */
export type AdminPolicy = ReturnType<typeof createAdminPolicy>;

/**
 * DESIGN §1.16: an account is an admin when its email is in ADMIN_EMAILS (compared without case) and that
 * email is verified; an unverified account with an admin's address is not one, since anybody can sign up
 * with any address.
 */
export function createAdminPolicy(adminEmails: readonly string[]) {
  const emails = new Set(adminEmails.map((email) => email.trim().toLowerCase()));
  return {
    isAdmin(user: { email: string; emailVerified: boolean } | null): boolean {
      return user !== null && user.emailVerified && emails.has(user.email.trim().toLowerCase());
    },
  };
}
