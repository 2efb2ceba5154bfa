import { Router } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../../content/index.js';
import { countInbox } from '../../db/contact-messages.js';
import { countCollection } from '../../db/image-collections.js';
import type { Renderer } from '../../render/renderer.js';
import type { HomesiteService } from '../../services/homesites.js';
import { AdminHomePage } from '../../../views/admin/AdminHomePage.js';
import { toChangeView } from './homesites-router.js';
import { staffOf, staffPage } from './staff-page.js';

interface DashboardDeps {
  db: Knex;
  content: Content;
  renderer: Renderer;
  homesites?: HomesiteService;
}

/** GET /admin: counts from aggregate queries (never every message) and the latest homesite changes. */
export function createDashboardRouter(deps: DashboardDeps): Router {
  const { db, content, renderer, homesites } = deps;
  const router = Router();
  router.get('/', async (req, res) => {
    const [carousel, inbox, homesiteChanges] = await Promise.all([
      countCollection(db, { kind: 'homepage' }),
      countInbox(db),
      homesites?.recentChanges(5),
    ]);
    res.send(
      renderer.page(
        <AdminHomePage
          communityName={content.community.name}
          staff={staffOf(req)}
          counts={{ carousel, unread: inbox.unread, spam: inbox.spam }}
          recentHomesiteChanges={homesiteChanges?.map(toChangeView)}
        />,
        staffPage(req, 'Staff dashboard'),
      ),
    );
  });
  return router;
}
