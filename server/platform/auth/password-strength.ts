import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/accounts/accounts.contract.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The auth endpoints that set a new password, and the body field that carries it. Signing in is not here:
 * an old password stays usable, only new ones must be hard to guess.
 */
const NEW_PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * zxcvbn's score from which a password is accepted: 2 means over a million guesses even for an attacker who
 * tries common passwords, names, keyboard walks and dates first. Below it: '12345678', 'password123',
 * 'qwertyuiop', 'iloveyou1', spaces only, or the user's own email.
 */
const MIN_SCORE = 2;

/** Pieces of an address or a name shorter than this are left out: a lone 'a' would cheapen every 'a'. */
const MIN_PART_LENGTH = 3;

let estimator: ZxcvbnFactory | null = null;

/** zxcvbn-ts with its common-password and name dictionaries (built once, on first use: ~60 ms). */
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/** Whether `password` is among the easily guessed ones, also counting what the user told us (email, name). */
export function isPasswordEasyToGuess(password: string, userInputs: string[] = []): boolean {
  return passwordEstimator().check(password, userInputs).score < MIN_SCORE;
}

/**
 * The words an attacker who knows the account tries first: the address, its local part (also without a
 * `+tag`) and that part's pieces split on `.`, `_`, `-` and `+`; the name, its words and the words run
 * together. `weakpw-test` for weakpw-test@example.com and `malloryroberts` for "Mallory Roberts" are then
 * as easy to guess as they are.
 */
export function passwordUserInputs(account: { email?: string | null; name?: string | null }): string[] {
  const inputs: string[] = [];
  const email = account.email?.trim().toLowerCase() ?? '';
  if (email) {
    const localPart = email.includes('@') ? email.slice(0, email.lastIndexOf('@')) : email;
    const untagged = localPart.split('+')[0] ?? '';
    inputs.push(email, localPart, untagged);
    inputs.push(...localPart.split(/[._+-]+/).filter((piece) => piece.length >= MIN_PART_LENGTH));
  }
  const words = (account.name ?? '').trim().toLowerCase().split(/\s+/u).filter(Boolean);
  if (words.length > 0) {
    inputs.push(words.join(' '));
    inputs.push(...words.filter((word) => word.length >= MIN_PART_LENGTH));
    inputs.push(words.join(''));
  }
  return [...new Set(inputs.filter(Boolean))];
}

/** The new password a request to an auth endpoint sets, when it sets one of a length better-auth accepts. */
export function newPasswordIn(path: string, fields: Record<string, unknown>): string | null {
  const field = NEW_PASSWORD_FIELDS[path];
  const password = field ? fields[field] : undefined;
  if (typeof password !== 'string') return null;
  // Lengths are left to better-auth, which answers too short and too long itself.
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return null;
  return password;
}

/**
 * Refuses, with 'password-too-common', a new password that is easy to guess, counting the address and name
 * the body carries (a sign-up's). Checked before the rate limits, so a person trying passwords does not use
 * up their sign-ups; the account's own words at a reset or a change are checked by better-auth's hook
 * (new-password.ts), which knows whose password it is.
 */
export function assertNewPasswordStrong(path: string, fields: Record<string, unknown>): void {
  const password = newPasswordIn(path, fields);
  if (password === null) return;
  const account = {
    email: typeof fields.email === 'string' ? fields.email : null,
    name: typeof fields.name === 'string' ? fields.name : null,
  };
  if (isPasswordEasyToGuess(password, passwordUserInputs(account))) throw new AppError('password-too-common');
}
