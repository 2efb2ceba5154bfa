/** Builds static/sample/README.md from the list of generated outputs. */
import type { Output } from './output.js';

export function readme(outputs: readonly Output[]): string {
  const rows = outputs.map(
    (o) =>
      `| \`${o.file}\` | ${o.px === undefined ? '—' : `${o.px[0]}×${o.px[1]}`} | ${o.what.replace(/\|/g, '\\|')} |`,
  );
  return [
    '# Sample media (generated placeholders)',
    '',
    'Everything in this folder is **generated sample content** for the Maple Hollow',
    'website (builder: Summit Lane Homes, also a sample name). It is original artwork',
    'drawn in code — no photographs, stock images or real people — made by:',
    '',
    '```sh',
    'npm run sample-media                 # regenerate everything',
    'npm run sample-media -- carousel     # only files whose path contains "carousel"',
    '```',
    '',
    'The generator is the workspace package `tools/sample-media/`: it needs its packages',
    '(`npm ci` at the root installs them; a production install leaves them out), `ffmpeg` with',
    'libx264 and libvpx-vp9 on `PATH` (for the video), and the DejaVu fonts',
    '(Debian package `fonts-dejavu-core`). Output is deterministic; the files are',
    'committed, so the app never runs the script. This README is written by it too.',
    '',
    '**Replace all of it with the builder’s real media before launch.** Every raster',
    'image carries a small “SAMPLE IMAGE” badge (the tiny favicon/app icons excepted) so',
    'nobody mistakes it for a photo. The app relies on these file names and pixel sizes:',
    'keep them when swapping in real files (or update the app at the same time).',
    '',
    'The floor-plan drawings are drawn from the plans’ facts in `src/content/community.ts`',
    '(beds, baths, study, square feet per level, garage bays); the JSON file beside each',
    'one records what it was drawn from. After changing a plan’s facts, run',
    '`npm run sample-media -- floorplans` (the tests fail until the drawings match).',
    '',
    '| File | Pixels | What it shows |',
    '| --- | --- | --- |',
    ...rows,
    '| `README.md` | — | This file. |',
    '',
  ].join('\n');
}
