import fs from 'node:fs/promises';

/**
 * Puts `table` between the `<!-- bench:<name> -->` markers of a results file, leaving the rest of the file as it
 * is; where the markers are not there yet, `absent` says where the marked block goes (a new file, an added section).
 */
export async function writeBetweenMarkers(
  file: string,
  name: string,
  table: string,
  absent: (before: string, block: string) => string,
): Promise<void> {
  const startMarker = `<!-- bench:${name} -->`;
  const endMarker = `<!-- /bench:${name} -->`;
  const before = await fs.readFile(file, 'utf8').catch(() => '');
  const start = before.indexOf(startMarker);
  const end = before.indexOf(endMarker);
  const block = `${startMarker}\n${table}\n${endMarker}`;
  const next =
    start >= 0 && end > start
      ? `${before.slice(0, start)}${block}${before.slice(end + endMarker.length)}`
      : absent(before, block);
  await fs.writeFile(file, next);
}
