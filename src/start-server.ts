import type { Server } from 'node:http';
import type { Config } from './config.js';
import { loadContent } from './content/index.js';
import { createLogger } from './logger.js';
import { staffAccountNotice } from './services/staff-accounts.js';
import { createSite } from './site.js';
import { keepIdleConnectionsLongerThanProxies } from './web/idle-connections.js';

const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the site on settings already checked (src/server.ts), and stops it gracefully on SIGTERM or SIGINT. */
export async function startServer(config: Config): Promise<void> {
  const logger = createLogger(config);
  const content = loadContent();
  const site = await createSite(config, logger, content);
  const { app, seeded, staffChange, staffAccounts } = site;

  const server: Server = app.listen(config.port, config.host);
  keepIdleConnectionsLongerThanProxies(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const database = config.database.client === 'sqlite' ? `SQLite ${config.database.filename}` : 'PostgreSQL';
  logger.info({ database, seeded, mail: config.mail ? 'on' : 'off' }, 'started');
  console.log(
    `${content.community.name} is running at http://${shownHost}:${port}/ (database: ${database}${seeded ? ', sample content seeded' : ''})`,
  );
  const staffNotice = staffAccountNotice(staffChange, staffAccounts, `${config.siteUrl}/login`);
  if (staffNotice) {
    logger.info(
      { staffAccount: staffChange?.username },
      staffChange ? `staff account ${staffChange.outcome}` : 'no staff account yet',
    );
    console.log(staffNotice);
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      void site.close().then(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
