import express, { type RequestHandler } from 'express';

/**
 * The most a public form may send: a contact message or a tour booking holds a few short fields and a text of at
 * most 5,000 characters, so 32 KB is ample.
 */
export const PUBLIC_FORM_BODY_LIMIT = '32kb';

/**
 * What stands before a public form's handler, in this order: the URL-encoded body parser (bounded in bytes and
 * fields), the form's rate limit, and a 415 for a body of any other type.
 */
export function publicFormPost(limiter: RequestHandler, parameterLimit: number): RequestHandler[] {
  return [
    express.urlencoded({ extended: false, limit: PUBLIC_FORM_BODY_LIMIT, parameterLimit }),
    limiter,
    (req, res, next) => {
      if (req.is('application/x-www-form-urlencoded')) {
        next();
        return;
      }
      res.status(415).type('text/plain').send('Send the form as application/x-www-form-urlencoded.');
    },
  ];
}
