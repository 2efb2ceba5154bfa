import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** What a request's log line says about it; the development log reads the same fields (logger.ts). */
export interface RequestLogFields {
  req: { id: number; method: string; path: string };
  res: { status: number };
  responseTime: number;
}

export interface RequestLog {
  /** pino-http: one line per request when its response finishes (files under /assets and /img excepted). */
  middleware: RequestHandler;
  /** The same line for a response written in one go, outside pino-http (a page cache hit). */
  served(req: IncomingMessage, status: number, startedAt: number): void;
}

export const REQUEST_COMPLETED = 'request completed';

/**
 * The paths whose segment after them is a secret (an invitation, a reset link, a buyer's tour, an interest-list
 * confirmation or unsubscribe link): every route with a `:token` parameter. test/web/request-log-secrets.test.ts
 * walks the app's routes so that a new one cannot be left out.
 */
const SECRET_SEGMENT =
  /^((?:\/+preview)?(?:\/+communities\/+[^/]+)?\/+(?:join|login\/+reset|tours|interest\/+confirm|interest\/+unsubscribe)\/+)[^/]+/i;

/** A request path as it may be written down: the query left out, a secret segment replaced by `:token`. */
export function loggablePath(url: string | undefined): string {
  const path = (url ?? '').split('?')[0] ?? '';
  return path.replace(SECRET_SEGMENT, '$1:token');
}

/**
 * One short line per request: id, method, path, status, time. No headers, cookies, bodies, queries or secret
 * path segments. Both ways of writing it share the request ids and the fields, so a cache hit's line cannot be
 * told from a rendered page's.
 */
export function createRequestLog(logger: Logger): RequestLog {
  let lastId = 0;
  // pino-http's own counter: increasing, wrapping at 2^31.
  const nextId = () => (lastId = (lastId + 1) & 0x7fffffff);
  const pathOf = loggablePath;
  if (logger.levelVal > logger.levels.values.info!) {
    // No request line would be written (LOG_LEVEL warn and above, or silent): pino-http would still make a child
    // logger for each request. Routes that log an error through req.log write to the logger itself.
    return {
      middleware: (req, _res, next) => {
        req.log = logger;
        next();
      },
      served: () => undefined,
    };
  }
  const middleware = pinoHttp({
    logger,
    genReqId: () => nextId(),
    autoLogging: { ignore: (req) => /^\/(assets|img)\//.test(req.url ?? '') },
    serializers: {
      req: (req: { id: number; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: pathOf(req.url),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
  return {
    middleware,
    served(req, status, startedAt) {
      const fields: RequestLogFields = {
        req: { id: nextId(), method: req.method ?? '', path: pathOf(req.url) },
        res: { status },
        responseTime: Date.now() - startedAt,
      };
      logger.info(fields, REQUEST_COMPLETED);
    },
  };
}
