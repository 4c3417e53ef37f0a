import { accountNameSchema } from '../../../../shared/accounts/accounts.contract.ts';
import { issueMessageKey } from '../../../../shared/text/text-issues.ts';

/** The account name as the server will store it, or the locale key of why it would refuse it. */
export type AccountNameCheck = { name: string } | { issueKey: string };

/**
 * Checks a name by the account name's own contract. Loaded when the account form is first focused or sent:
 * zod is not evaluated with the page.
 */
export function checkAccountName(name: string): AccountNameCheck {
  const checked = accountNameSchema.safeParse(name);
  return checked.success
    ? { name: checked.data }
    : { issueKey: issueMessageKey(checked.error.issues[0]?.message) };
}
