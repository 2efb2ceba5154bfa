import { ConfigError } from './config.js';
import { ContentError } from './content/errors.js';
import { loadStartSettings } from './start-settings.js';

/**
 * The server's entry point. The settings are checked before the rest of the site is loaded, so that a setting that
 * stops the server (a refused ADMIN_PASSWORD, a missing SESSION_SECRET) stops it at once, in one plain sentence.
 */
async function main(): Promise<void> {
  const config = loadStartSettings();
  const { startServer } = await import('./start-server.js');
  await startServer(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof ContentError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
