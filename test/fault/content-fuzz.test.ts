import { expect } from 'chai';
import { sectionFields } from '../../src/content/content-fields.js';
import { SECTION_IDS, type SectionId } from '../../src/content/schema.js';
import { EXPORT_FORMAT, importContent } from '../../src/services/content-transfer.js';
import { joinPath, LENGTH_FIELD, NONE_FIELD, type FieldNode } from '../../src/shared/content-form.js';
import { bdxSchemaErrors } from '../support/bdx-schema.js';
import { contentCall, sectionState } from '../support/content-api.js';
import { POSTGRES_COMMANDS, startPostgres, type RunningPostgres } from '../support/postgres-server.js';
import { describeWithCommands } from '../support/require-command.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Hostile content through every way content comes in — the JSON calls, the editor's plain form, the import — on
 * SQLite and PostgreSQL (decision 044): text is cleaned the same way whichever way it came, a value the site or
 * the listing feed cannot carry is refused at save with the field named, and nothing answers 5xx. Afterwards the
 * feed is valid against the NHlist 7.7 schema and no public page holds a control character.
 */

type Data = Record<string, unknown>;
type Way = 'JSON' | 'form' | 'import';
const WAYS: Way[] = ['JSON', 'form', 'import'];

/** Characters no page or feed may hold: C0 controls but tab and line breaks, DEL, U+FFFE/U+FFFF, lone surrogates. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|\p{Cs}/u;

/** Control characters (and a lone surrogate) around a value: cleaning gives the value back. */
const withControls = (value: string) => `\u0000${value}\u0001\u0008\u000b\u001f\u007f\ufffe\uffff\udc00`;
/** Markup, quotes and emoji after a value. */
const withMarkup = (value: string) => `${value} <b>&amp;"'</b> 😀👩‍👩‍👧`;
/** Far longer than any field allows. */
const tooLong = () => `Ü😀<&"' ${'Very long text. '.repeat(400)}`;

/** The data with every text leaf (by the editor's field tree) replaced by `change(value, path)`. */
function mapText(node: FieldNode, data: unknown, change: (value: string, path: string) => string, path = ''): unknown {
  if (node.kind === 'text') return typeof data === 'string' ? change(data, path) : data;
  if (node.kind === 'list')
    return Array.isArray(data) ? data.map((item, i) => mapText(node.item, item, change, joinPath(path, i))) : data;
  if (node.kind !== 'object' || data === null || typeof data !== 'object') return data;
  const copy: Data = { ...(data as Data) };
  for (const field of node.fields)
    if (field.key in copy) copy[field.key] = mapText(field.node, copy[field.key], change, joinPath(path, field.key));
  return copy;
}

/** The fields the editor's plain form posts for `data` (what formToData reads back). */
function formFieldsOf(node: FieldNode, data: unknown, path = '', into = new URLSearchParams()): URLSearchParams {
  switch (node.kind) {
    case 'object':
      if (data === null) {
        if (node.nullable) into.append(joinPath(path, NONE_FIELD), 'on');
        return into;
      }
      for (const field of node.fields)
        formFieldsOf(field.node, (data as Data | undefined)?.[field.key], joinPath(path, field.key), into);
      return into;
    case 'text':
    case 'file':
      if (typeof data === 'string') into.append(path, data);
      return into;
    case 'choices': {
      const keys = Array.isArray(data) ? data : [];
      into.append(joinPath(path, LENGTH_FIELD), String(keys.length));
      keys.forEach((key, index) => into.append(joinPath(path, index), String(key)));
      return into;
    }
    case 'number':
      into.append(path, data === null || data === undefined ? '' : String(data));
      return into;
    case 'boolean':
      if (data === true) into.append(path, 'on');
      return into;
    case 'enum':
      into.append(path, String(data ?? ''));
      return into;
    case 'list': {
      const items = Array.isArray(data) ? data : [];
      into.append(joinPath(path, LENGTH_FIELD), String(items.length));
      items.forEach((item, index) => formFieldsOf(node.item, item, joinPath(path, index), into));
      return into;
    }
  }
}

/** What became of one save-and-publish: accepted and published, or refused with the fields named. */
type Outcome = { accepted: true } | { accepted: false; paths: string[]; page?: string };

const PUBLIC_PAGES = ['/', '/floor-plans', '/site-plan', '/about', '/contact', '/tours', '/privacy', '/agents'];

function contentFuzz(title: string, start: () => Promise<{ server: TestServer; stop(): Promise<void> }>) {
  describe(title, function () {
    this.timeout(240_000);
    let server: TestServer;
    let stop: () => Promise<void>;
    let staff: Staff;
    const original = new Map<SectionId, Data>();
    before(async () => {
      ({ server, stop } = await start());
      staff = await signIn(server.url);
      for (const id of SECTION_IDS) original.set(id, (await sectionState(server.url, staff, id)).published.data);
    });
    after(() => stop?.());

    async function publishVersion(id: SectionId, version: number): Promise<void> {
      const published = await contentCall(server.url, staff, 'POST', `/admin/content/${id}/publish`, { version });
      expect(published.status, `publish ${id}: ${await published.clone().text()}`).to.equal(200);
    }

    /** Saves `data` as section `id` by `way` and publishes it when it is accepted; never a 5xx. */
    async function submit(way: Way, id: SectionId, data: unknown): Promise<Outcome> {
      const state = await sectionState(server.url, staff, id);
      const baseVersion = (state.draft ?? state.published).version;
      if (way === 'JSON') {
        const saved = await contentCall(server.url, staff, 'PUT', `/admin/content/${id}/draft`, { data, baseVersion });
        const body = await saved.text();
        expect(saved.status, `${way} ${id}: ${body.slice(0, 300)}`).to.be.oneOf([200, 400]);
        if (saved.status === 400)
          return {
            accepted: false,
            paths: (JSON.parse(body) as { errors: { path: string }[] }).errors.map((e) => e.path),
          };
        await publishVersion(id, (JSON.parse(body) as { version: number }).version);
        return { accepted: true };
      }
      if (way === 'form') {
        const fields = formFieldsOf(sectionFields(id), data);
        fields.append('baseVersion', String(baseVersion));
        fields.append('action', 'publish');
        fields.append('_csrf', staff.token);
        const posted = await fetch(`${server.url}/admin/content/${id}`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            Cookie: staff.cookie,
            Origin: server.url,
            Accept: 'text/html',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: fields,
        });
        const page = await posted.text();
        expect(posted.status, `${way} ${id}: ${page.slice(0, 300)}`).to.be.oneOf([303, 400]);
        if (posted.status === 303) {
          expect(posted.headers.get('location')).to.match(/done=(published|unchanged)/);
          return { accepted: true };
        }
        const paths = [...page.matchAll(/href="#f-([\w-]+)"/g)].map((match) => match[1]!.replace(/-/g, '.'));
        return { accepted: false, paths, page };
      }
      const outcome = await importContent(
        server.site.content,
        { format: EXPORT_FORMAT, sections: { [id]: data } },
        { dryRun: false, by: 'fuzz' },
      );
      if (outcome.problems.length > 0) return { accepted: false, paths: outcome.problems.map((p) => p.path) };
      const version = outcome.saved[id];
      if (version !== undefined) await publishVersion(id, version);
      return { accepted: true };
    }

    for (const way of WAYS) {
      it(`${way}: cleans control characters out of every text of every section, then saves and publishes it`, async () => {
        for (const id of SECTION_IDS) {
          // A form cannot carry a lone surrogate (the browser sends U+FFFD for it): the other controls it can.
          const hostile = mapText(sectionFields(id), original.get(id), (value) =>
            way === 'form' ? withControls(value).replace(/\udc00$/, '') : withControls(value),
          );
          const outcome = await submit(way, id, hostile);
          expect(outcome, `${way} ${id}`).to.deep.equal({ accepted: true });
          const stored = await sectionState(server.url, staff, id);
          expect(JSON.stringify(stored.published.data), `${way} ${id}`).not.to.match(CONTROL);
        }
      });

      it(`${way}: saves markup and emoji where a field takes free text, refuses them elsewhere, never a 5xx`, async () => {
        for (const id of SECTION_IDS) {
          // Markup in every text; the fields refused (a slug, a time, a path) get their value back, and again.
          let refused = new Set<string>();
          let accepted = false;
          for (let attempt = 0; attempt < 4 && !accepted; attempt++) {
            const hostile = mapText(sectionFields(id), original.get(id), (value, path) =>
              refused.has(path) ? value : withMarkup(value),
            );
            const outcome = await submit(way, id, hostile);
            accepted = outcome.accepted;
            if (!outcome.accepted) refused = new Set([...refused, ...outcome.paths]);
          }
          expect(
            accepted,
            `${way} ${id}: free text with markup and emoji, refused in ${[...refused].join(', ')}`,
          ).to.equal(true);
          const lengthened = mapText(sectionFields(id), original.get(id), () => tooLong());
          // A section without text as published (financing: every field empty by default) has none to lengthen.
          if (JSON.stringify(lengthened) === JSON.stringify(original.get(id))) continue;
          const long = await submit(way, id, lengthened);
          expect(long.accepted, `${way} ${id}: text far over every limit`).to.equal(false);
        }
      });

      it(`${way}: refuses a mistyped date, a too-long plan name, a state, a ZIP and a javascript: link, naming the field`, async () => {
        const cases: [SectionId, string, (data: Data) => void][] = [
          ['tours', 'closedDates.0', (data) => (data.closedDates = ['2026-13-01'])],
          ['promotions', 'promotions.0.starts', (data) => ((data.promotions as Data[])[0]!.starts = '2026-13-01')],
          ['legal', 'privacy.updated', (data) => ((data.privacy as Data).updated = '2026-02-30')],
          ['floor-plans', 'plans.0.name', (data) => ((data.plans as Data[])[0]!.name = 'N'.repeat(101))],
          ['community', 'address.region', (data) => ((data.address as Data).region = 'COLORA')],
          ['community', 'address.postalCode', (data) => ((data.address as Data).postalCode = 'eighty')],
          ['partners', 'partners.0.href', (data) => ((data.partners as Data[])[0]!.href = 'javascript:alert(1)')],
          ['partners', 'lenders.1.href', (data) => ((data.lenders as Data[])[1]!.href = 'JavaScript:alert(1)')],
        ];
        for (const [id, path, change] of cases) {
          const data = structuredClone(original.get(id)!);
          change(data);
          const outcome = await submit(way, id, data);
          expect(outcome.accepted, `${way} ${id} ${path}`).to.equal(false);
          if (!outcome.accepted) expect(outcome.paths, `${way} ${id}`).to.include(path);
          if (!outcome.accepted && outcome.page) expect(outcome.page).to.match(/must be|must not|at most|too/i);
        }
      });
    }

    it('serves a feed valid against the NHlist 7.7 schema and public pages without a control character', async () => {
      const feed = await fetch(`${server.url}/feeds/bdx.xml`);
      expect(feed.status).to.equal(200);
      const xml = await feed.text();
      expect(await bdxSchemaErrors(xml)).to.deep.equal([]);
      const plans = (original.get('floor-plans')!.plans as { slug: string }[]).map(
        (plan) => `/floor-plans/${plan.slug}`,
      );
      for (const path of [...PUBLIC_PAGES, ...plans]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).to.be.below(500);
        expect(await response.text(), path).not.to.match(CONTROL);
      }
    });
  });
}

contentFuzz('Hostile content through every way in (SQLite)', async () => {
  const server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' }, { sqlite: true });
  return { server, stop: () => server.close() };
});

describeWithCommands(POSTGRES_COMMANDS, 'On PostgreSQL', () => {
  let postgres: RunningPostgres | undefined;
  contentFuzz('Hostile content through every way in (PostgreSQL)', async () => {
    postgres = await startPostgres();
    const server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0' }, { postgres: postgres.adminUrl });
    return {
      server,
      stop: async () => {
        await server.close();
        await postgres?.stop();
      },
    };
  });
});
