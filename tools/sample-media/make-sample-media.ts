/**
 * Regenerates every placeholder image, document and video in static/sample/.
 *
 *   npm run sample-media                 # everything (~1 minute)
 *   npm run sample-media -- carousel     # only outputs whose path contains "carousel"
 *
 * All artwork is original and drawn in code: SVG scenes rasterized with sharp,
 * PDFs laid out with pdfkit, and the video encoded by ffmpeg from generated
 * frames. Output is deterministic, so re-running only changes files whose
 * drawing code changed. The outputs are committed; the app never runs this.
 *
 * Needs: the packages in package.json beside it (`npm ci` at the root installs
 * them; a production install leaves them out); `ffmpeg` (with libx264 and
 * libvpx-vp9) on PATH for the video; DejaVu fonts (Debian: fonts-dejavu-core).
 * The plans' drawings read the content module (src/content) of the site itself.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { loadContent } from '../../src/content/index.js';
import {
  carouselGoldenHome,
  carouselParkPond,
  carouselSunriseStreet,
  carouselTwilightStreet,
  exteriorCanyon,
  exteriorSilverwood,
  exteriorSweetwater,
} from './exteriors.js';
import { featuresDesktopPdf, featuresMobilePdf } from './features-pdf.js';
import { drawFloorPlan, drawingMetadata, drawingSvg, metadataPath } from './floorplans.js';
import { specialOfferFlyer } from './flyer.js';
import {
  bedroomSilverwood,
  kitchenCanyon,
  kitchenSilverwood,
  kitchenSweetwater,
  livingCanyon,
  livingSweetwater,
} from './interiors.js';
import {
  appIconSvg,
  builderLogo,
  houseIconSvg,
  lenderBluewater,
  lenderKeystone,
  partnerEvergreen,
  partnerHollowCreek,
  pngsToIco,
} from './logos.js';
import {
  type Output,
  icoEntrySize,
  renderScene,
  svgToPalettePng,
  svgToPng,
  writeJpeg,
  writePng,
  writeText,
} from './output.js';
import { counselorPortrait } from './portrait.js';
import { readme } from './readme.js';
import { LOT_COUNT, lotOutlinesSvg, sitePlan } from './siteplan.js';
import { walkthroughCaptions, writeWalkthrough } from './video.js';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'static', 'sample');

interface Job extends Output {
  /** Extra files written by the same job (e.g. the video's WebM and poster). */
  also?: Output[];
  make: (absPath: string) => Promise<void>;
}

/**
 * One job per level of every floor plan: the drawing is drawn from the plan's facts in the content module, and a
 * JSON file beside it records those facts, the text drawn and hashes of the SVG and PNG (checked by the tests).
 */
function floorPlanDrawingJobs(): Job[] {
  const content = loadContent();
  return content.floorPlans.flatMap((plan) =>
    plan.levels.map(({ level, drawing: image }): Job => {
      const file = image.src.replace(/^\/sample\//, '');
      const drawing = drawFloorPlan(content, plan, level);
      return {
        file,
        px: [1400, 1000],
        what: `Floor-plan drawing "${drawing.sheet.title}", drawn from the plan's facts in src/content/community.ts.`,
        also: [
          {
            file: metadataPath(file),
            what: 'What the drawing beside it was drawn from: the facts, the text on it, hashes of its SVG and PNG.',
          },
        ],
        make: async (f) => {
          const png = await svgToPalettePng(drawingSvg(drawing));
          await writeText(f, png);
          const metadata = drawingMetadata(content, plan, level, drawing, png);
          await writeText(metadataPath(f), `${JSON.stringify(metadata, null, 2)}\n`);
        },
      };
    }),
  );
}

/** Small illustration embedded in the desktop features PDF (with a badge legible at that size). */
async function pdfIllustration(): Promise<Buffer> {
  return renderScene(exteriorSweetwater(), { size: 44 }).resize(600).jpeg({ quality: 72, mozjpeg: true }).toBuffer();
}

/**
 * The heroes fill the screen's width: drawn at 2.4 × their 1600 × 900 design, 3840 px across, the width of a
 * 1920 px screen at device pixel ratio 2 (the build's widest variant).
 */
const HERO_SCALE = 2.4;
const HERO_PX = [3840, 2160] as const;

const jobs: Job[] = [
  {
    file: 'carousel/carousel-1.jpg',
    px: HERO_PX,
    what: 'Hero: a street of new homes (cottage, modern farmhouse, craftsman) at sunrise.',
    make: (f) => writeJpeg(carouselSunriseStreet(), f, {}, HERO_SCALE),
  },
  {
    file: 'carousel/carousel-2.jpg',
    px: HERO_PX,
    what: 'Hero: a single stone-accented ranch home at golden hour.',
    make: (f) => writeJpeg(carouselGoldenHome(), f, {}, HERO_SCALE),
  },
  {
    file: 'carousel/carousel-3.jpg',
    px: HERO_PX,
    what: 'Hero: the community park and pond with homes along the far side.',
    make: (f) => writeJpeg(carouselParkPond(), f, {}, HERO_SCALE),
  },
  {
    file: 'carousel/carousel-4.jpg',
    px: HERO_PX,
    what: 'Hero: a twilight street with lit windows and street lamps.',
    make: (f) => writeJpeg(carouselTwilightStreet(), f, {}, HERO_SCALE),
  },
  {
    file: 'floorplans/sweetwater-ii-1.jpg',
    px: [1500, 1000],
    what: 'Sweetwater II exterior: two-story craftsman, summer day.',
    make: (f) => writeJpeg(exteriorSweetwater(), f),
  },
  {
    file: 'floorplans/sweetwater-ii-2.jpg',
    px: [1500, 1000],
    what: 'Sweetwater II kitchen: sage and cream cabinets, forest-green island.',
    make: (f) => writeJpeg(kitchenSweetwater(), f),
  },
  {
    file: 'floorplans/sweetwater-ii-3.jpg',
    px: [1500, 1000],
    what: 'Sweetwater II living room: stone fireplace and built-in bookcases.',
    make: (f) => writeJpeg(livingSweetwater(), f),
  },
  {
    file: 'floorplans/silverwood-ii-1.jpg',
    px: [1500, 1000],
    what: 'Silverwood II exterior: modern farmhouse, soft autumn morning.',
    make: (f) => writeJpeg(exteriorSilverwood(), f),
  },
  {
    file: 'floorplans/silverwood-ii-2.jpg',
    px: [1500, 1000],
    what: 'Silverwood II kitchen: white farmhouse kitchen, black accents, oak island.',
    make: (f) => writeJpeg(kitchenSilverwood(), f),
  },
  {
    file: 'floorplans/silverwood-ii-3.jpg',
    px: [1500, 1000],
    what: 'Silverwood II primary bedroom with shiplap wall.',
    make: (f) => writeJpeg(bedroomSilverwood(), f),
  },
  {
    file: 'floorplans/canyon-1.jpg',
    px: [1500, 1000],
    what: 'The Canyon exterior: ranch with stone accents, late afternoon.',
    make: (f) => writeJpeg(exteriorCanyon(), f),
  },
  {
    file: 'floorplans/canyon-2.jpg',
    px: [1500, 1000],
    what: 'The Canyon kitchen: walnut cabinets, terracotta tile, slate-blue island.',
    make: (f) => writeJpeg(kitchenCanyon(), f),
  },
  {
    file: 'floorplans/canyon-3.jpg',
    px: [1500, 1000],
    what: 'The Canyon great room: window wall at sunset, terracotta sofa.',
    make: (f) => writeJpeg(livingCanyon(), f),
  },
  ...floorPlanDrawingJobs(),
  {
    file: 'site-plan.png',
    px: [1600, 1100],
    what: `Community site plan: ${LOT_COUNT} numbered lots around a loop street, park and pond, entrance, legend, compass.`,
    make: (f) => writePng(sitePlan(), f, { corner: 'br' }, 96),
  },
  {
    file: 'site-plan-lots.svg',
    what: `The ${LOT_COUNT} lot outlines of site-plan.png (same viewBox), one polygon per lot with id \`lot-N\`: the site draws the live lot map from it.`,
    make: (f) => writeText(f, lotOutlinesSvg()),
  },
  {
    file: 'special-offer-flyer.jpg',
    px: [1200, 1500],
    what: 'Flyer: "Limited-Time Offer — Up to $15,000 toward closing costs*" with fine print.',
    make: (f) => writeJpeg(specialOfferFlyer(), f, { corner: 'tr' }),
  },
  {
    file: 'portrait.jpg',
    px: [900, 1100],
    what: 'Illustrated portrait of a friendly sales counselor (not a real person).',
    make: (f) => writeJpeg(counselorPortrait(), f, { corner: 'br' }),
  },
  {
    file: 'features/features-desktop.pdf',
    what: '"Maple Hollow — Included Features", 2 pages, Letter landscape.',
    make: async (f) => writeText(f, await featuresDesktopPdf(await pdfIllustration())),
  },
  {
    file: 'features/features-mobile.pdf',
    what: 'Same features content for phones: 360×740 pt pages, single column.',
    make: async (f) => writeText(f, await featuresMobilePdf()),
  },
  {
    file: 'video/walkthrough.mp4',
    what: '7 s, 640×360, 24 fps H.264 (Main, yuv420p, faststart, no audio) "Model Home Walkthrough (sample)".',
    also: [
      { file: 'video/walkthrough.webm', what: 'The same walkthrough as VP9 WebM.' },
      {
        file: 'video/walkthrough-poster.jpg',
        px: [1280, 720],
        what: 'Poster frame matching the first frame of the walkthrough.',
      },
    ],
    make: (f) => writeWalkthrough(path.dirname(f)),
  },
  {
    file: 'video/walkthrough.en.vtt',
    what: 'English WebVTT captions of the walkthrough: says it has no sound, then each room as it shows.',
    make: (f) => writeText(f, walkthroughCaptions()),
  },
  {
    file: 'logos/partner-1.svg',
    what: 'Partner logo: "Evergreen Realty Group" (invented).',
    make: (f) => writeText(f, partnerEvergreen()),
  },
  {
    file: 'logos/partner-2.svg',
    what: 'Partner logo: "Hollow Creek HOA" (invented).',
    make: (f) => writeText(f, partnerHollowCreek()),
  },
  {
    file: 'logos/lender-1.svg',
    what: 'Lender logo: "Keystone Home Lending" (invented).',
    make: (f) => writeText(f, lenderKeystone()),
  },
  {
    file: 'logos/lender-2.svg',
    what: 'Lender logo: "Bluewater Mortgage" (invented).',
    make: (f) => writeText(f, lenderBluewater()),
  },
  {
    file: 'logos/builder.svg',
    what: 'Builder logo: "Summit Lane Homes" with a roof/mountain mark.',
    make: (f) => writeText(f, builderLogo()),
  },
  {
    file: 'icons/favicon.svg',
    what: 'Favicon: house mark on a forest-green rounded square.',
    make: (f) => writeText(f, houseIconSvg(64, true)),
  },
  {
    file: 'icons/favicon.ico',
    px: [32, 32],
    what: 'Favicon, 32×32 (ICO container holding a PNG).',
    make: async (f) => writeText(f, pngsToIco([{ size: 32, png: await svgToPng(houseIconSvg(256, true), 32, false) }])),
  },
  {
    file: 'icons/apple-touch-icon.png',
    px: [180, 180],
    what: 'Apple touch icon, full-bleed.',
    make: async (f) => writeText(f, await svgToPng(appIconSvg(720), 180)),
  },
  {
    file: 'icons/icon-192.png',
    px: [192, 192],
    what: 'Web-app icon 192×192 (maskable-safe margins).',
    make: async (f) => writeText(f, await svgToPng(appIconSvg(768), 192)),
  },
  {
    file: 'icons/icon-512.png',
    px: [512, 512],
    what: 'Web-app icon 512×512 (maskable-safe margins).',
    make: async (f) => writeText(f, await svgToPng(appIconSvg(1024), 512)),
  },
];

/** Every output, including the extra files written by multi-file jobs. */
function allOutputs(): Output[] {
  return jobs.flatMap((j) => [j, ...(j.also ?? [])]);
}

/** Check that every output exists and raster images have the expected pixel size. */
async function verify(outputs: readonly Output[]): Promise<void> {
  for (const o of outputs) {
    const abs = path.join(OUT, o.file);
    await stat(abs);
    if (o.px === undefined) continue;
    const [w, h] = o.file.endsWith('.ico')
      ? await icoEntrySize(abs)
      : await sharp(abs)
          .metadata()
          .then((m) => [m.width, m.height] as const);
    if (w !== o.px[0] || h !== o.px[1])
      throw new Error(`${o.file} is ${String(w)}×${String(h)}, expected ${o.px[0]}×${o.px[1]}`);
  }
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const selected = jobs.filter(
    (j) => filters.length === 0 || filters.some((f) => [j, ...(j.also ?? [])].some((o) => o.file.includes(f))),
  );
  for (const job of selected) {
    const started = Date.now();
    await job.make(path.join(OUT, job.file));
    const extra = (job.also ?? []).map((o) => `, ${o.file}`).join('');
    console.log(`wrote ${job.file}${extra} (${Date.now() - started} ms)`);
  }
  if (filters.length === 0 || filters.some((f) => 'README.md'.includes(f))) {
    await writeText(path.join(OUT, 'README.md'), readme(allOutputs()));
    console.log('wrote README.md');
  }
  await verify(selected.flatMap((j) => [j, ...(j.also ?? [])]));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
