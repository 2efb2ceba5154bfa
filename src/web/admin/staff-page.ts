import type { Request } from 'express';
import type { StaffViewer } from '../../../views/admin/AdminLayout.js';
import { csrfToken } from '../csrf.js';
import { staffCommunitiesOf } from '../staff-community.js';
import { communityOf } from '../request-community.js';

/** Who is signed in, as every staff page shows it (the nav by their role, and the token its forms send). */
export function staffOf(req: Request): StaffViewer {
  const viewer = { username: req.user?.username ?? '', csrfToken: csrfToken(req), role: req.user?.role ?? 'sales' };
  const communities = staffCommunitiesOf(req);
  if (communities.length < 2) return viewer;
  return {
    ...viewer,
    communities: communities.map(({ slug, name }) => ({ slug, name })),
    community: communityOf(req).slug,
  };
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
