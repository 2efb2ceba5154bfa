import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { normalizeUsername, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../shared/staff-credentials.js';

/**
 * NIST 800-63B's rules for a password a person chooses, in one place for every way one is set (invitation,
 * reset, change on /admin/account, ADMIN_PASSWORD, `npm run admin -- set-password`): 12 to 128 characters of any
 * kind, not a known common or breached password, not the username. The list is zxcvbn-ts's common passwords
 * (about 49,000 from breach corpora, shipped in the package: nothing leaves the server); its estimator also
 * refuses a close variation of one ("password1234", "passwordpassword", keyboard runs).
 */

const commonPasswords = new Set(dictionary['passwords-common']);
let estimator: ZxcvbnFactory | undefined;

/** zxcvbn's score 0–4; 0 and 1 are under a million guesses: a common password with a change or two. */
const LOWEST_ACCEPTED_SCORE = 2;

/** Why this password cannot be chosen, in plain words, or undefined when it can. */
export function passwordProblem(password: string, username?: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  const folded = password.normalize('NFKC').toLowerCase();
  const name = username === undefined ? '' : normalizeUsername(username);
  if (name !== '' && folded.includes(name)) return 'The password must not contain the username.';
  if (commonPasswords.has(folded) || commonPasswords.has(folded.replace(/\s+/g, '')))
    return 'This password is on the list of common passwords that attackers try first. Choose another.';
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  if (estimator.check(password).score < LOWEST_ACCEPTED_SCORE)
    return 'This password is too close to a common password or a keyboard pattern. Choose a longer or less usual one (a few unrelated words work well).';
  return undefined;
}
