import type { NextFunction, Request, Response } from 'express';

/** A staff JSON call must be sent as JSON: anything else is a 415 before the body is read. */
export function requireJson(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('application/json')) {
    res.status(415).json({ error: 'Send this call as application/json.' });
    return;
  }
  next();
}
