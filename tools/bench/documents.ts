import { setTimeout as sleep } from 'node:timers/promises';
import { getOnTheWire, type WireAnswer } from '../../test/support/wire-bytes.js';

/** What Chromium sends, so the server picks the coding a phone gets. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** A stored page is compressed with brotli in the background (src/web/page-cache.ts); this long is plenty. */
const BROTLI_WAIT_MS = 5_000;

/** A page once warm, as the wire carried it. */
export interface DocumentRow extends WireAnswer {
  page: string;
}

/**
 * Requests every page until the server sends it with brotli, as a page is sent once it has been cached for a moment,
 * so that Lighthouse measures the page visitors get rather than the first render after a start. Returns what each
 * warm page weighs on the wire: a document that fits in a new connection's first round trip (10 segments, about 14 KB)
 * lets the browser find the page's CSS and images one round trip sooner.
 */
export async function warmDocuments(baseUrl: string, pages: readonly string[]): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  for (const page of pages) {
    const deadline = Date.now() + BROTLI_WAIT_MS;
    let answer = await getOnTheWire(baseUrl + page, BROWSER_ACCEPT_ENCODING);
    while (answer.coding !== 'br' && Date.now() < deadline) {
      await sleep(50);
      answer = await getOnTheWire(baseUrl + page, BROWSER_ACCEPT_ENCODING);
    }
    rows.push({ page, ...answer });
  }
  return rows;
}
