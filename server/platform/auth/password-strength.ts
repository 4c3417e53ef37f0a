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
 * Refuses a new password that is easy to guess, on the endpoints that set one, with 'password-too-common'.
 * Lengths are left to better-auth, which answers too short and too long itself.
 */
export function assertNewPasswordStrong(path: string, fields: Record<string, unknown>): void {
  const field = NEW_PASSWORD_FIELDS[path];
  const password = field ? fields[field] : undefined;
  if (typeof password !== 'string') return;
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
  const userInputs = [fields.email, fields.name].filter(
    (value): value is string => typeof value === 'string',
  );
  if (isPasswordEasyToGuess(password, userInputs)) throw new AppError('password-too-common');
}
