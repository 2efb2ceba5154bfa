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

/**
 * Usernames that are paths of the team page or of staff pages (`/admin/team/<username>` must name the account,
 * never a page), or read as something else (`new`, `me`). test/web/usernames.test.ts checks that every literal
 * path segment under /admin/team is here.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'auto-assign',
  'edit',
  'invitations',
  'me',
  'new',
  'two-factor-requirement',
]);

/** The characters a new username may have: letters, digits, and `.`, `_`, `-`, `@` between them. */
export const NEW_USERNAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N}._@-]*[\p{L}\p{N}])?$/u;

/** What the form says about a new username (the same rule as newUsernameProblem). */
export const USERNAME_HINT =
  'Letters and digits, with . _ - or @ between them; at most 64 characters. For example: jane.doe';

/**
 * Why a username cannot be chosen for a new account, in plain words, or undefined. Every username ends up in an
 * address (`/admin/team/<username>`), so it must be one path segment that means itself: no `/`, `%`, `?` or `#`,
 * no `.` or `..`, no name of a page. Accounts made before this rule keep their names.
 */
export function newUsernameProblem(username: string): string | undefined {
  const normalized = normalizeUsername(username);
  if (normalized === '') return 'Enter a username.';
  if (normalized.length > USERNAME_MAX_LENGTH) return `The username must be at most ${USERNAME_MAX_LENGTH} characters.`;
  if (!NEW_USERNAME_PATTERN.test(normalized))
    return 'Use only letters and digits, with a dot, underscore, hyphen or @ between them (for example jane.doe).';
  if (RESERVED_USERNAMES.has(normalized)) return 'This username is the name of a staff page. Choose another.';
  return undefined;
}
