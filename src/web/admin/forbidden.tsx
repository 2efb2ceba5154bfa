import type { RequestHandler } from 'express';
import type { Renderer } from '../../render/renderer.js';
import { ForbiddenPage } from '../../../views/admin/ForbiddenPage.js';
import { staffOf } from './staff-page.js';

/** The 403 page for a staff page the reader's role does not include (calls get JSON from requirePermission). */
export function answerForbidden(renderer: Renderer, communityName: () => string): RequestHandler {
  return (req, res) => {
    res.status(403).send(
      renderer.page(<ForbiddenPage communityName={communityName()} staff={staffOf(req)} path={req.originalUrl} />, {
        title: 'Not part of your role',
        description: 'Staff pages.',
        path: req.path,
        noindex: true,
        admin: true,
        csrfToken: staffOf(req).csrfToken,
      }),
    );
  };
}
