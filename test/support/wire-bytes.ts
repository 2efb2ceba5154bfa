import http from 'node:http';

/** A new TCP connection's first round trip: 10 segments of 1,460 bytes (RFC 6928), as Lighthouse simulates it. */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

export interface WireAnswer {
  /** The Content-Encoding sent ('identity' when none). */
  coding: string;
  /** The status line and the headers as sent, with the blank line after them. */
  headerBytes: number;
  bodyBytes: number;
}

/** One GET with this Accept-Encoding, counting the bytes that came over the wire (no decompression). */
export function getOnTheWire(url: string, acceptEncoding: string): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
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
