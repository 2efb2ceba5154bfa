import { Router } from 'express';
import type { Knex } from 'knex';
import type { Content } from '../../content/index.js';
import { contentOf } from '../request-content.js';
import {
  countInterestEntriesByState,
  INTEREST_STATES,
  listInterestEntries,
  type InterestState,
} from '../../db/interest-entries.js';
import type { Renderer } from '../../render/renderer.js';
import { csvCell } from '../../services/messages-csv.js';
import { cleanText, printableRow } from '../../shared/text-input.js';
import { dateInZone } from '../../shared/tour-slots.js';
import { InterestListPage } from '../../../views/admin/InterestListPage.js';
import { staffOf, staffPage } from './staff-page.js';

interface InterestAdminDeps {
  db: Knex;
  renderer: Renderer;
}

const CSV_COLUMNS = [
  'id',
  'email',
  'firstname',
  'plan',
  'state',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
] as const;

/** GET /admin/interest (the list by state) and GET /admin/interest.csv (every real entry). */
export function createInterestAdminRouter(deps: InterestAdminDeps): Router {
  const { db, renderer } = deps;
  const router = Router();
  const planName = (content: Content, slug: string | null) =>
    slug ? (content.floorPlans.find((plan) => plan.slug === slug)?.name ?? slug) : null;

  router.get('/interest', async (req, res) => {
    const content = contentOf(req);
    const asked = cleanText(req.query.state);
    const state = (INTEREST_STATES as readonly string[]).includes(asked) ? (asked as InterestState) : undefined;
    const [entries, counts] = await Promise.all([listInterestEntries(db), countInterestEntriesByState(db)]);
    res.send(
      renderer.page(
        <InterestListPage
          communityName={content.community.name}
          staff={staffOf(req)}
          entries={entries
            .filter((entry) => !state || entry.state === state)
            .map((stored) => {
              const entry = printableRow(stored);
              return {
                id: entry.id,
                email: entry.email,
                firstname: entry.firstname,
                plan: planName(content, entry.plan),
                state: entry.state,
                createdAt: entry.created_at,
                confirmedAt: entry.confirmed_at,
                unsubscribedAt: entry.unsubscribed_at,
              };
            })}
          counts={counts}
          state={state ?? ''}
          timeZone={content.community.timeZone}
        />,
        staffPage(req, 'Interest list'),
      ),
    );
  });

  router.get('/interest.csv', async (req, res) => {
    const content = contentOf(req);
    const entries = await listInterestEntries(db);
    const lines = entries.map((entry) =>
      CSV_COLUMNS.map((column) => csvCell(column === 'plan' ? planName(content, entry.plan) : entry[column])).join(','),
    );
    res
      .type('text/csv; charset=utf-8')
      .attachment(`interest-list-${dateInZone(Date.now(), content.community.timeZone)}.csv`)
      .setHeader('Cache-Control', 'no-store');
    res.send(`\uFEFF${[CSV_COLUMNS.join(','), ...lines].map((line) => `${line}\r\n`).join('')}`);
  });

  return router;
}
