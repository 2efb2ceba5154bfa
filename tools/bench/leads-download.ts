/**
 * The CSV export's client for `npm run bench:leads`, run as a child process so the server's memory is measured
 * alone: downloads `process.argv[2]` with the cookie in `process.argv[3]` chunk by chunk (never holding it) and
 * tells the parent how many rows have arrived, every 1,000 rows and at the end.
 */
export interface DownloadProgress {
  rows: number;
  done: boolean;
}

const [url, cookie] = process.argv.slice(2);
const toParent = process.send?.bind(process);
if (!url || !cookie || !toParent) throw new Error('usage: forked with <url> <cookie>');
const send = (message: DownloadProgress) => toParent(message);

const response = await fetch(url, { headers: { Cookie: cookie } });
if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
const reader = response.body!.getReader();
let lines = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  const before = lines;
  for (const byte of value) if (byte === 0x0a) lines += 1;
  if (Math.floor(lines / 1000) > Math.floor(before / 1000)) send({ rows: lines - 1, done: false });
}
send({ rows: lines - 1, done: true });
process.disconnect?.();
