/**
 * Limits on staff credentials, the same for the sign-in form, the sign-in check, `npm run admin -- set-password` and
 * ADMIN_USERNAME/ADMIN_PASSWORD at start. The users table holds a username of at most 64 characters.
 */
export const USERNAME_MAX_LENGTH = 64;
/** The sign-in form takes no more; sign-in answers a longer one as wrong without looking the username up. */
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_MIN_LENGTH = 8;
