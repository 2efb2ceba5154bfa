import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** What Chromium sends, so the server picks the coding a phone gets. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** A stored page is compressed with brotli in the background (src/web/page-cache.ts); this long is plenty. */
const BROTLI_WAIT_MS = 5_000;

export interface DocumentRow {
  page: string;
  /** The Content-Encoding the page was sent with once warm. */
  coding: string;
  headerBytes: number;
  bodyBytes: number;
}

interface RawAnswer {
  coding: string;
  headerBytes: number;
  bodyBytes: number;
}

/** One GET as a browser sends it, counting the bytes on the wire (status line and headers as sent, then the body). */
function getRaw(url: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (res) => {
        let bodyBytes = 0;
        res.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
        res.on('end', () => {
          let headerBytes = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
          for (let index = 0; index < res.rawHeaders.length; index += 2)
            headerBytes += Buffer.byteLength(`${res.rawHeaders[index]}: ${res.rawHeaders[index + 1]}\r\n`);
          resolve({ coding: String(res.headers['content-encoding'] ?? 'identity'), headerBytes, bodyBytes });
        });
      })
      .on('error', reject);
  });
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
    let answer = await getRaw(baseUrl + page);
    while (answer.coding !== 'br' && Date.now() < deadline) {
      await sleep(50);
      answer = await getRaw(baseUrl + page);
    }
    rows.push({ page, ...answer });
  }
  return rows;
}
