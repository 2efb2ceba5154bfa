/**
 * The sample "model home walkthrough": slow pans/zooms across three generated
 * illustrations with cross-fades and a caption, encoded by ffmpeg as MP4 (H.264)
 * and WebM (VP9), plus a matching poster frame.
 */
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { C, type Scene, FONT, esc, toSvg } from './svg.js';
import { exteriorSweetwater } from './exteriors.js';
import { kitchenSweetwater, livingSweetwater } from './interiors.js';

export const CAPTION = 'Maple Hollow — Model Home Walkthrough (sample)';
const FPS = 24;
const SHOT_FRAMES = 64;
const FADE_FRAMES = 12;

interface Shot {
  scene: Scene;
  label: string;
  /** Crop window at the start and end of the shot: center (0..1) and zoom (1 = widest 16:9 crop). */
  from: { cx: number; cy: number; zoom: number };
  to: { cx: number; cy: number; zoom: number };
}

interface RasterShot extends Shot {
  raw: Buffer;
  width: number;
  height: number;
}

/** Total frame count: shots overlap by the fade length. */
export function frameCount(shots: number): number {
  return shots * SHOT_FRAMES - (shots - 1) * FADE_FRAMES;
}

const ease = (t: number): number => t * t * (3 - 2 * t);

async function rasterize(shot: Shot, scale: number): Promise<RasterShot> {
  const { data, info } = await sharp(Buffer.from(toSvg(shot.scene, scale)))
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { ...shot, raw: data, width: info.width, height: info.height };
}

/** One frame of a shot at progress t (0..1), cropped and scaled to w×h, as raw RGB. */
async function shotFrame(s: RasterShot, t: number, w: number, h: number): Promise<Buffer> {
  const k = ease(t);
  const zoom = s.from.zoom + (s.to.zoom - s.from.zoom) * k;
  const cx = s.from.cx + (s.to.cx - s.from.cx) * k;
  const cy = s.from.cy + (s.to.cy - s.from.cy) * k;
  const aspect = w / h;
  let cw = s.width / zoom;
  let ch = cw / aspect;
  if (ch > s.height / zoom) {
    ch = s.height / zoom;
    cw = ch * aspect;
  }
  const left = Math.round(Math.min(Math.max(cx * s.width - cw / 2, 0), s.width - cw));
  const top = Math.round(Math.min(Math.max(cy * s.height - ch / 2, 0), s.height - ch));
  return sharp(s.raw, { raw: { width: s.width, height: s.height, channels: 3 } })
    .extract({ left, top, width: Math.round(cw), height: Math.round(ch) })
    .resize(w, h, { kernel: 'lanczos3' })
    .raw()
    .toBuffer();
}

/** Caption band, room label and SAMPLE badge as a transparent PNG overlay. */
function overlaySvg(w: number, h: number, label: string): string {
  const u = h / 360;
  const badgeW = 118 * u;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#101820" stop-opacity="0.72"/></linearGradient></defs>` +
    `<rect x="0" y="${h - 92 * u}" width="${w}" height="${92 * u}" fill="url(#g)"/>` +
    `<rect x="${20 * u}" y="${h - 58 * u}" width="${4 * u}" height="${40 * u}" fill="${C.terracotta}"/>` +
    `<text x="${32 * u}" y="${h - 40 * u}" font-family="${FONT}" font-size="${17 * u}" font-weight="bold" fill="${C.cream}">${esc(CAPTION)}</text>` +
    `<text x="${32 * u}" y="${h - 20 * u}" font-family="${FONT}" font-size="${13 * u}" fill="${C.sand}">${esc(label)}</text>` +
    `<rect x="${w - badgeW - 14 * u}" y="${14 * u}" width="${badgeW}" height="${24 * u}" rx="${12 * u}" fill="${C.slate}" fill-opacity="0.75" stroke="${C.cream}" stroke-opacity="0.5"/>` +
    `<text x="${w - badgeW / 2 - 14 * u}" y="${30.5 * u}" font-family="${FONT}" font-size="${11.5 * u}" font-weight="bold" letter-spacing="${1.2 * u}" text-anchor="middle" fill="${C.cream}">SAMPLE IMAGE</text>` +
    '</svg>'
  );
}

async function withOverlay(raw: Buffer, w: number, h: number, overlay: Buffer): Promise<Buffer> {
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .composite([{ input: overlay }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

function blend(a: Buffer, b: Buffer, t: number): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = Math.round((a[i] ?? 0) * (1 - t) + (b[i] ?? 0) * t);
  return out;
}

/** Render every frame (raw RGB24) of the walkthrough at w×h. */
export async function renderFrames(
  shots: readonly Shot[],
  w: number,
  h: number,
  sourceScale: number,
  only?: number,
): Promise<Buffer[]> {
  const raster = await Promise.all(shots.map((s) => rasterize(s, sourceScale)));
  const overlays = await Promise.all(
    shots.map((s) =>
      sharp(Buffer.from(overlaySvg(w, h, s.label)))
        .png()
        .toBuffer(),
    ),
  );
  const total = frameCount(shots.length);
  const frames: Buffer[] = [];
  for (let f = 0; f < total; f++) {
    if (only !== undefined && f !== only) continue;
    // Shot i starts at frame i*stride; its last FADE_FRAMES overlap the next shot's first.
    const stride = SHOT_FRAMES - FADE_FRAMES;
    const i = Math.min(Math.floor(f / stride), shots.length - 1);
    const local = f - i * stride;
    const cur = raster[i];
    const curOverlay = overlays[i];
    if (cur === undefined || curOverlay === undefined) throw new Error('shot index out of range');
    let frame = await shotFrame(cur, local / (SHOT_FRAMES - 1), w, h);
    let overlay = curOverlay;
    const prev = raster[i - 1];
    const prevOverlay = overlays[i - 1];
    if (prev !== undefined && prevOverlay !== undefined && local < FADE_FRAMES) {
      const t = (local + 1) / (FADE_FRAMES + 1);
      frame = blend(await shotFrame(prev, (local + stride) / (SHOT_FRAMES - 1), w, h), frame, t);
      if (t <= 0.5) overlay = prevOverlay;
    }
    frames.push(await withOverlay(frame, w, h, overlay));
  }
  return frames;
}

/** Pipe raw frames into ffmpeg with the given output arguments. */
export function encode(frames: readonly Buffer[], w: number, h: number, outArgs: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${w}x${h}`,
      '-r',
      String(FPS),
      '-i',
      '-',
      '-an',
      '-fflags',
      '+bitexact',
      ...outArgs,
    ];
    const ff = spawn('ffmpeg', args, { stdio: ['pipe', 'inherit', 'inherit'] });
    ff.on('error', (err) => reject(new Error(`could not start ffmpeg (is it installed?): ${err.message}`)));
    ff.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with code ${String(code)}`))));
    const write = async (): Promise<void> => {
      for (const frame of frames) {
        if (!ff.stdin.write(frame)) await new Promise<void>((r) => ff.stdin.once('drain', () => r()));
      }
      ff.stdin.end();
    };
    write().catch(reject);
  });
}

export const MP4_ARGS = [
  '-c:v',
  'libx264',
  '-profile:v',
  'main',
  '-level',
  '3.0',
  '-pix_fmt',
  'yuv420p',
  '-preset',
  'slow',
  '-crf',
  '25',
  '-tune',
  'animation',
  '-g',
  '48',
  '-movflags',
  '+faststart',
  '-flags:v',
  '+bitexact',
];
export const WEBM_ARGS = [
  '-c:v',
  'libvpx-vp9',
  '-pix_fmt',
  'yuv420p',
  '-b:v',
  '0',
  '-crf',
  '36',
  '-deadline',
  'good',
  '-cpu-used',
  '2',
  '-row-mt',
  '1',
  '-g',
  '48',
];

export function rawToJpeg(raw: Buffer, w: number, h: number): Promise<Buffer> {
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/** Exterior → great room → kitchen of the Sweetwater II model. */
export function walkthroughShots(): Shot[] {
  return [
    {
      scene: exteriorSweetwater(),
      label: 'Sweetwater II · Exterior',
      from: { cx: 0.5, cy: 0.5, zoom: 1 },
      to: { cx: 0.52, cy: 0.56, zoom: 1.18 },
    },
    {
      scene: livingSweetwater(),
      label: 'Sweetwater II · Great Room',
      from: { cx: 0.4, cy: 0.5, zoom: 1.22 },
      to: { cx: 0.6, cy: 0.52, zoom: 1.28 },
    },
    {
      scene: kitchenSweetwater(),
      label: 'Sweetwater II · Kitchen',
      from: { cx: 0.5, cy: 0.5, zoom: 1.05 },
      to: { cx: 0.55, cy: 0.46, zoom: 1.3 },
    },
  ];
}

/** 00:00:02.417 */
function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * WebVTT captions of the walkthrough (WCAG 1.2.2). The video has no sound track: the first cue says so, and each
 * cue carries the room label the frames show, timed as renderFrames switches it (halfway through each cross-fade).
 * Cues sit at the top (line:0), clear of the band the frames carry at the bottom and of the badge at the top right.
 */
export function walkthroughCaptions(shots: readonly Shot[] = walkthroughShots()): string {
  const stride = SHOT_FRAMES - FADE_FRAMES;
  const labelSwitch = Math.floor(FADE_FRAMES / 2);
  const starts = shots.map((_, index) => (index === 0 ? 0 : index * stride + labelSwitch) / FPS);
  const end = frameCount(shots.length) / FPS;
  const cues = shots.map((shot, index) => {
    const lines = index === 0 ? ['[No sound]', shot.label] : [shot.label];
    const timing = `${vttTime(starts[index] ?? 0)} --> ${vttTime(starts[index + 1] ?? end)} line:0 size:60%`;
    return `${index + 1}\n${timing}\n${lines.join('\n')}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Writes walkthrough.mp4, walkthrough.webm and walkthrough-poster.jpg into `dir`. */
export async function writeWalkthrough(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const shots = walkthroughShots();
  const frames = await renderFrames(shots, 640, 360, 2);
  await encode(frames, 640, 360, [...MP4_ARGS, path.join(dir, 'walkthrough.mp4')]);
  await encode(frames, 640, 360, [...WEBM_ARGS, path.join(dir, 'walkthrough.webm')]);
  const [poster] = await renderFrames(shots, 1280, 720, 2, 0);
  if (poster === undefined) throw new Error('poster frame missing');
  await writeFile(path.join(dir, 'walkthrough-poster.jpg'), await rawToJpeg(poster, 1280, 720));
}
