/**
 * `npm start`'s first step, before the build: the settings and the ADMIN_USERNAME/ADMIN_PASSWORD account, checked
 * as the server will check them, so that a setting that would stop the server stops it here, in plain words.
 */
import { ConfigError } from '../src/config.js';
import { loadStartSettings } from '../src/start-settings.js';

try {
  loadStartSettings();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
