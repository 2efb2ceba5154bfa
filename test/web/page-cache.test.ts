import { expect } from 'chai';
import knexFactory from 'knex';
import { pino } from 'pino';
import { PageCache } from '../../src/web/page-cache.js';

describe('PageCache', () => {
  // set, get and clear never touch the database; an unconnected Knex is enough here.
  const db = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  after(() => db.destroy());

  it('keeps a rendered page and answers it with a strong ETag', () => {
    const cache = new PageCache(db, { logger: pino({ level: 'silent' }) });
    const etag = cache.set('/about', '<p>About</p>');
    expect(etag).to.match(/^"[\w-]+"$/);
    expect(cache.get('/about')?.html).to.equal('<p>About</p>');
    expect(cache.get('/about')?.etag).to.equal(etag);
  });

  it('does not keep a page whose render began before a change cleared the cache', () => {
    const cache = new PageCache(db, { logger: pino({ level: 'silent' }) });
    const renderedIn = cache.currentGeneration;
    cache.clear(); // staff saved a change while the page was rendering from the old data
    cache.set('/', '<p>old images</p>', renderedIn);
    expect(cache.get('/')).to.equal(undefined);
    cache.set('/', '<p>new images</p>', cache.currentGeneration);
    expect(cache.get('/')?.html).to.equal('<p>new images</p>');
  });
});
