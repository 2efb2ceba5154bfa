import { expect } from 'chai';

/**
 * What a video player (Safari on a phone above all) asks of an upload: its length and Accept-Ranges up front, then
 * byte ranges (206 with Content-Range), an open-ended or suffix range, and 416 for a range past the end. Checked
 * against the bytes stored at `fileUrl`.
 */
export async function expectByteRangesServed(fileUrl: string, bytes: Buffer): Promise<void> {
  const head = await fetch(fileUrl, { method: 'HEAD' });
  expect(head.status).to.equal(200);
  expect(head.headers.get('accept-ranges')).to.equal('bytes');
  expect(head.headers.get('content-length')).to.equal(String(bytes.length));

  const cases: [string, number, number][] = [
    ['bytes=0-1', 0, 1],
    [`bytes=100-${bytes.length + 5000}`, 100, bytes.length - 1],
    ['bytes=-10', bytes.length - 10, bytes.length - 1],
    [`bytes=${bytes.length - 1}-`, bytes.length - 1, bytes.length - 1],
  ];
  for (const [range, start, end] of cases) {
    const response = await fetch(fileUrl, { headers: { Range: range } });
    expect(response.status, range).to.equal(206);
    expect(response.headers.get('content-range'), range).to.equal(`bytes ${start}-${end}/${bytes.length}`);
    expect(response.headers.get('content-length'), range).to.equal(String(end - start + 1));
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(start, end + 1)), range).to.equal(true);
  }

  const past = await fetch(fileUrl, { headers: { Range: `bytes=${bytes.length}-` } });
  expect(past.status).to.equal(416);
  expect(past.headers.get('content-range')).to.equal(`bytes */${bytes.length}`);
  await past.arrayBuffer();

  // A header that is not a byte range is ignored: the whole file.
  const malformed = await fetch(fileUrl, { headers: { Range: 'pages=1-2' } });
  expect(malformed.status).to.equal(200);
  expect(Buffer.from(await malformed.arrayBuffer()).equals(bytes)).to.equal(true);
}
