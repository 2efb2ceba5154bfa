import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.js';

interface RequestRecord {
  req?: { method?: string; path?: string };
  res?: { status?: number };
  responseTime?: number;
}

/**
 * The message of one development log line. A request that pino-http finished (req, res and responseTime, as
 * app.ts serializes them) reads "GET /about 200 3ms"; anything logged while serving one is prefixed with its
 * method and path; everything else is its message.
 */
export function developmentMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestRecord;
  const message = typeof log[messageKey] === 'string' ? (log[messageKey] as string) : '';
  if (req?.method && res?.status !== undefined) return `${req.method} ${req.path} ${res.status} ${responseTime}ms`;
  return req?.method ? `${req.method} ${req.path}: ${message}` : message;
}

/**
 * Structured logs; never a password, cookie or message body (those paths are redacted). Production writes JSON
 * lines; development prints one readable line per record (the request fields are in the message, other fields
 * follow it on the same line; an error's stack still gets its own lines).
 */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>): Logger {
  const level = config.env === 'test' ? 'silent' : config.logLevel;
  const options = {
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
  };
  if (config.env !== 'development') return pino(options);
  return pino(
    options,
    pretty({
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,req,res,responseTime',
      messageFormat: developmentMessage,
      // Written in this thread, as it happens: nothing is lost when the process exits right after a line.
      sync: true,
    }),
  );
}
