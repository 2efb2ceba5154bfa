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
 * One short line per request: id, method, path, status, time. No headers, cookies or bodies. Both ways of writing
 * it share the request ids and the fields, so a cache hit's line cannot be told from a rendered page's.
 */
export function createRequestLog(logger: Logger): RequestLog {
  let lastId = 0;
  // pino-http's own counter: increasing, wrapping at 2^31.
  const nextId = () => (lastId = (lastId + 1) & 0x7fffffff);
  const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';
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
