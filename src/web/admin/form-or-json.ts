import express, { type NextFunction, type Request, type Response } from 'express';
import { isPlainFormPost } from '../client-wants.js';
import { requireCsrfToken } from '../csrf.js';

/**
 * The body of a staff call that a page's plain form can also send: JSON (scripts, widgets), a form
 * (no JavaScript), or nothing at all (a call like "start" that needs no input). Anything else is a 415 before the
 * body is read. The CSRF token is required after the body is parsed (header or `_csrf` field).
 */
export const jsonOrForm = jsonOrFormWithin('20kb');

/** jsonOrForm with a body limit of its own, for a call that takes long text (an e-mail to the interest list). */
export function jsonOrFormWithin(limit: string) {
  return [
    (req: Request, res: Response, next: NextFunction) => {
      const hasBody = req.get('content-length') !== undefined && req.get('content-length') !== '0';
      const chunked = req.get('transfer-encoding') !== undefined;
      if ((hasBody || chunked) && !req.is(['application/json', 'application/x-www-form-urlencoded'])) {
        res.status(415).json({ error: 'Send this call as application/json.' });
        return;
      }
      next();
    },
    express.json({ limit, strict: true }),
    express.urlencoded({ extended: false, limit, parameterLimit: 20 }),
    requireCsrfToken,
  ];
}

/** A browser's plain form post gets a page back; every other client (fetch, scripts) gets JSON. */
export const answersWithPage = isPlainFormPost;
