import type { Request } from 'express';
import type { StaffViewer } from '../../../views/admin/AdminLayout.js';
import { csrfToken } from '../csrf.js';

/** Who is signed in, as every staff page shows it (the nav by their role, and the token its forms send). */
export function staffOf(req: Request): StaffViewer {
  return { username: req.user?.username ?? '', csrfToken: csrfToken(req), role: req.user?.role ?? 'sales' };
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
