import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** Structured logs; never a password, cookie or message body (those paths are redacted). */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>): Logger {
  const level = config.env === 'test' ? 'silent' : config.logLevel;
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        'password',
        'body',
      ],
      remove: true,
    },
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  });
}
