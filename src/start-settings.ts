import { ConfigError, loadConfig, type Config } from './config.js';
import { passwordProblem } from './services/password-rules.js';
import { usernameProblem } from './services/staff-accounts.js';

/**
 * The settings, with everything that would stop start-up and can be known from them alone: what loadConfig refuses,
 * and an ADMIN_USERNAME or ADMIN_PASSWORD that the account rules refuse (password-rules.ts). `npm start` runs this
 * before it builds (scripts/check-start.ts), so a weak ADMIN_PASSWORD stops it at once in one sentence, not after
 * the image build with a stack trace; the server runs it again, for a start without the build.
 */
export function loadStartSettings(env: Record<string, string | undefined> = process.env): Config {
  const config = loadConfig(env);
  if (config.admin) {
    const { username, password } = config.admin;
    const usernameRefused = usernameProblem(username);
    if (usernameRefused) throw new ConfigError(`ADMIN_USERNAME is refused: ${usernameRefused}`);
    const passwordRefused = passwordProblem(password, username);
    if (passwordRefused) throw new ConfigError(`ADMIN_PASSWORD is refused: ${passwordRefused}`);
  }
  return config;
}
