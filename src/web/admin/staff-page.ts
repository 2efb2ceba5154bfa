import type { Request } from 'express';
import { csrfToken } from '../csrf.js';

/** Who is signed in, as every staff page shows it (and the token its forms send). */
export function staffOf(req: Request): { username: string; csrfToken: string } {
  return { username: req.user?.username ?? '', csrfToken: csrfToken(req) };
}

/** The document options of a staff page: never indexed, admin styles, the CSRF token in a meta tag. */
export function staffPage(req: Request, title: string) {
  return {
    title,
    description: 'Staff pages.',
    path: req.path,
    noindex: true,
    admin: true,
    csrfToken: csrfToken(req),
  };
}
