import { cleanText } from './text-input.js';
/**
 * Limits on staff credentials, the same for the sign-in form, the sign-in check, `npm run admin -- set-password` and
 * ADMIN_USERNAME/ADMIN_PASSWORD at start. The users table holds a username of at most 64 characters.
 */
export const USERNAME_MAX_LENGTH = 64;
/**
 * A new password's length (NIST 800-63B: length over complexity, at least 8, we ask 12; any characters). The
 * other rules (not a common password, not containing the username) are services/password-rules.ts's.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * The sign-in form takes no more; sign-in answers a longer one as wrong without looking the username up. Longer
 * than PASSWORD_MAX_LENGTH, so a password set before that rule still signs in.
 */
export const SIGN_IN_PASSWORD_MAX_LENGTH = 1024;

/**
 * The one form of a username: stored, looked up at sign-in, counted by the login limits and bound into device
 * cookies. Compatibility forms fold together (NFKC: full-width ｓｔａｆｆ is staff), control characters and the spaces
 * around it go (the text-field rule), case goes.
 * Every stored username has been in this form since the users table exists, so none had to change.
 */
export function normalizeUsername(username: string): string {
  return cleanText(username.normalize('NFKC')).toLowerCase();
}
