import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import type { LeadRow } from '../../src/db/leads.js';
import { LEAD_CSV_HEADER, leadsToCsvRows, writeLeadsCsv } from '../../src/services/messages-csv.js';

function lead(id: number): LeadRow {
  return {
    kind: id % 3 === 0 ? 'tour' : 'message',
    id,
    created_at: '2026-11-20T18:00:00.000Z',
    firstname: `Buyer${id}`,
    lastname: 'Garcia',
    email: `buyer${id}@example.com`,
    phone: '(303) 555-0100',
    subject: `Question ${id}`,
    message: 'We would like to know more about the community and the available homesites.',
    source_page: '/floor-plans/canyon',
    is_spam: false,
    read_at: null,
    tour_start: null,
    tour_status: null,
    lead_status: 'new',
    notes: 'Called back; wants a walkout basement.',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'fall-2026',
    utm_term: null,
    utm_content: null,
    referrer: 'https://www.google.com/',
    landing_page: '/floor-plans/canyon',
    homesite: 12,
    plan: 'canyon',
    community: 'the-community',
  };
}

/** A response as the export sees it: records each write, and reports its buffer full when `full` says so. */
class RecordingDestination extends EventEmitter {
  writes: string[] = [];
  full = false;
  write(chunk: string): boolean {
    this.writes.push(chunk);
    return !this.full;
  }
}

const PAGES = [0, 1, 2].map((page) => Array.from({ length: 500 }, (_, index) => lead(page * 500 + index + 1)));

/** The pages as the database hands them over, noting how many have been asked for. */
function pagesRead(): { pages: AsyncGenerator<LeadRow[]>; asked: () => number } {
  let asked = 0;
  async function* pages() {
    for (const page of PAGES) {
      asked += 1;
      yield page;
    }
  }
  return { pages: pages(), asked: () => asked };
}

describe('writeLeadsCsv: the export written in bounded chunks', () => {
  it('writes the header and every row, no write much over 16 KB however long the page', async () => {
    const out = new RecordingDestination();
    await writeLeadsCsv(pagesRead().pages, out, () => false);
    expect(out.writes.join('')).to.equal(
      `\uFEFF${LEAD_CSV_HEADER}${PAGES.map((page) => leadsToCsvRows(page)).join('')}`,
    );
    const longestRow = Math.max(...PAGES.flat().map((row) => leadsToCsvRows([row]).length));
    for (const chunk of out.writes) expect(chunk.length).to.be.at.most(16 * 1024 + longestRow);
    expect(out.writes.length).to.be.greaterThan(PAGES.length * 2);
  });

  it('writes nothing more, and reads no further page, until a full buffer has drained', async () => {
    const out = new RecordingDestination();
    const read = pagesRead();
    out.full = true;
    const done = writeLeadsCsv(read.pages, out, () => false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The header filled the buffer: nothing was read or written after it.
    expect(out.writes).to.have.length(1);
    expect(read.asked()).to.equal(0);
    out.full = false;
    out.emit('drain');
    await done;
    expect(out.writes.join('')).to.have.length(
      `\uFEFF${LEAD_CSV_HEADER}${PAGES.map((page) => leadsToCsvRows(page)).join('')}`.length,
    );
  });

  it('stops reading pages once the client has gone', async () => {
    const out = new RecordingDestination();
    const read = pagesRead();
    let closed = false;
    out.full = true;
    const done = writeLeadsCsv(read.pages, out, () => closed);
    await new Promise((resolve) => setTimeout(resolve, 20));
    closed = true;
    out.emit('close');
    await done;
    expect(read.asked()).to.equal(0);
    expect(out.writes).to.have.length(1);
  });
});
