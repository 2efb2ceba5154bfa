/**
 * "Maple Hollow — Included Features" as two PDFs: a Letter-landscape version for
 * desktop and a narrow single-column version for phones. Built with pdfkit using
 * the standard Helvetica fonts (no font files needed).
 */
import PDFDocument from 'pdfkit';
import { C } from './svg.js';

export const TITLE = 'Maple Hollow — Included Features';
export const BUILDER = 'Summit Lane Homes';
export const FOOTER = 'Sample document — features and specifications may change without notice.';
const INTRO =
  'Every new home at Maple Hollow comes with these features as standard. Personalize your home further with options selected at the Summit Lane Homes Design Studio.';

/** Fixed date keeps the generated files byte-for-byte reproducible. */
const FIXED_DATE = new Date(Date.UTC(2025, 0, 15, 12, 0, 0));

export interface FeatureSection {
  heading: string;
  items: string[];
}

export const FEATURES: FeatureSection[] = [
  {
    heading: 'Exterior',
    items: [
      'Craftsman, Modern Farmhouse and Ranch elevations',
      'Fiber-cement lap and board-and-batten siding with low-maintenance trim',
      '30-year architectural shingles; standing-seam metal accents on select plans',
      'Insulated fiberglass entry door with brushed or matte-black hardware',
      'Insulated carriage-style garage door with opener and keypad',
      'Covered front porch with stone or timber column details (per plan)',
      'Sodded front yard, landscape package and irrigation system',
      'Concrete driveway, front walk and rear patio',
    ],
  },
  {
    heading: 'Kitchen',
    items: [
      'Shaker-style cabinets with soft-close doors and drawers',
      'Quartz countertops with undermount stainless steel sink',
      'Full-height tile backsplash',
      'Stainless appliances: gas range, vented hood, dishwasher and microwave',
      'Large center island with pendant light pre-wires',
      'Walk-in pantry (per plan) and pull-out trash cabinet',
      'Pull-down faucet with single-lever control',
    ],
  },
  {
    heading: 'Interior',
    items: [
      '9-foot first-floor ceilings; vaulted great room on select plans',
      'Wide-plank luxury vinyl flooring in main living areas',
      'Plush carpet with upgraded pad in bedrooms',
      'Tiled owner’s shower with glass enclosure and dual-sink vanity',
      'Craftsman-style interior doors and 5¼-inch baseboards',
      'Gas fireplace with stone surround (per plan)',
      'LED lighting throughout; USB outlets in kitchen and bedrooms',
      'Smart-home package: video doorbell, smart lock and thermostat',
    ],
  },
  {
    heading: 'Energy Efficiency',
    items: [
      'Third-party HERS-rated, ENERGY STAR®-targeted design',
      '96% AFUE gas furnace and 16 SEER air conditioning',
      'Tankless gas water heater',
      'Low-E, argon-filled vinyl windows',
      'R-49 attic and R-15 wall insulation',
      'Sealed ductwork and blower-door-tested air sealing',
      'Solar-ready roof and EV-ready garage circuit',
      'WaterSense® plumbing fixtures',
    ],
  },
  {
    heading: 'Warranty',
    items: [
      '1-year workmanship and materials coverage',
      '2-year plumbing, electrical and HVAC systems coverage',
      '10-year structural warranty',
      '60-day and 11-month walk-throughs with your warranty team',
      'Online service requests and dedicated customer care',
      'Manufacturer warranties on appliances and roofing passed to you',
    ],
  },
];

type Doc = PDFKit.PDFDocument;

function newDoc(size: [number, number], margin: number): Doc {
  return new PDFDocument({
    size,
    margin,
    bufferPages: true,
    info: {
      Title: TITLE,
      Author: BUILDER,
      Subject: 'Sample included-features sheet',
      Creator: 'scripts/make-sample-media.ts',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
}

function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Draws a bulleted list at (x, y) within `width`; returns the y after the list. */
function bullets(
  doc: Doc,
  items: readonly string[],
  x: number,
  y: number,
  width: number,
  size: number,
  gap: number,
): number {
  let cy = y;
  doc.font('Helvetica').fontSize(size).fillColor(C.slate);
  for (const item of items) {
    const h = doc.heightOfString(item, { width: width - size * 1.2, lineGap: size * 0.2 });
    doc
      .save()
      .rect(x, cy + size * 0.32, size * 0.42, size * 0.42)
      .fill(C.terracotta)
      .restore();
    doc.fillColor(C.slate).text(item, x + size * 1.2, cy, { width: width - size * 1.2, lineGap: size * 0.2 });
    cy += h + gap;
  }
  return cy;
}

function sectionHeading(doc: Doc, heading: string, x: number, y: number, width: number, size: number): number {
  doc.font('Helvetica-Bold').fontSize(size).fillColor(C.forest).text(heading, x, y, { width });
  const ry = y + size * 1.3;
  doc.save().rect(x, ry, 36, 2.5).fill(C.terracotta).restore();
  return ry + size * 0.7;
}

/** Footer on every buffered page; bottom margin is lifted so pdfkit does not add pages. */
function footers(doc: Doc, size: number, margin: number): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { width, height } = doc.page;
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .save()
      .moveTo(margin, height - margin - size * 2.2)
      .lineTo(width - margin, height - margin - size * 2.2)
      .lineWidth(0.6)
      .strokeColor('#cfc6b4')
      .stroke()
      .restore();
    doc
      .font('Helvetica-Oblique')
      .fontSize(size)
      .fillColor('#59626e')
      .text(FOOTER, margin, height - margin - size * 1.4, { width: width - margin * 2 - 60, lineBreak: true });
    doc
      .font('Helvetica')
      .fontSize(size)
      .fillColor('#59626e')
      .text(`${i + 1} / ${range.count}`, width - margin - 60, height - margin - size * 1.4, {
        width: 60,
        align: 'right',
      });
    doc.page.margins.bottom = saved;
  }
}

/** Letter landscape, two pages, three + two columns. */
export async function featuresDesktopPdf(illustration: Buffer): Promise<Buffer> {
  const W = 792;
  const H = 612;
  const M = 40;
  const doc = newDoc([W, H], M);
  const header = (subtitle: string): void => {
    doc.save().rect(0, 0, W, 86).fill(C.forest).restore();
    doc.save().rect(0, 86, W, 4).fill(C.terracotta).restore();
    doc
      .font('Helvetica-Bold')
      .fontSize(26)
      .fillColor(C.cream)
      .text(TITLE, M, 28, { width: W - M * 2 - 200 });
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(C.sand)
      .text(subtitle, M, 60, { width: W - M * 2 - 200 });
    doc
      .font('Helvetica-Bold')
      .fontSize(15)
      .fillColor(C.cream)
      .text(BUILDER, W - M - 220, 34, { width: 220, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(C.sand)
      .text('BUILDER', W - M - 220, 54, { width: 220, align: 'right', characterSpacing: 2 });
  };
  // Page 1: intro and three columns.
  header('Standard features included in every home');
  doc
    .font('Helvetica')
    .fontSize(11.5)
    .fillColor(C.slate)
    .text(INTRO, M, 110, { width: W - M * 2, lineGap: 2 });
  const colGap = 26;
  const colW = (W - M * 2 - colGap * 2) / 3;
  FEATURES.slice(0, 3).forEach((sec, i) => {
    const x = M + i * (colW + colGap);
    const y = sectionHeading(doc, sec.heading, x, 160, colW, 17);
    bullets(doc, sec.items, x, y, colW, 10.5, 7);
  });
  // Page 2: two columns plus an illustration panel.
  doc.addPage();
  header('Standard features, continued');
  const colW2 = 230;
  FEATURES.slice(3).forEach((sec, i) => {
    const x = M + i * (colW2 + colGap);
    const y = sectionHeading(doc, sec.heading, x, 116, colW2, 17);
    bullets(doc, sec.items, x, y, colW2, 10.5, 7);
  });
  const noteY = 430;
  const noteW = colW2 * 2 + colGap;
  doc.save().roundedRect(M, noteY, noteW, 86, 8).fill('#f4efe4').restore();
  doc.save().rect(M, noteY, 5, 86).fill(C.forest).restore();
  doc
    .font('Helvetica-Bold')
    .fontSize(12.5)
    .fillColor(C.forest)
    .text('Good to know', M + 18, noteY + 14, { width: noteW - 32 });
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(C.slate)
    .text(
      'Included features vary by plan and elevation. Ask about Design Studio upgrades, homesite premiums and quick move-in homes at Maple Hollow.',
      M + 18,
      noteY + 34,
      { width: noteW - 32, lineGap: 2 },
    );
  const px = M + 2 * (colW2 + colGap);
  const pw = W - M - px;
  doc.save().roundedRect(px, 116, pw, 400, 8).fill('#f4efe4').restore();
  doc.image(illustration, px + 12, 128, { width: pw - 24 });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor(C.forest)
    .text('See it in person', px + 14, 280, { width: pw - 28 });
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(C.slate)
    .text(
      'Tour the Sweetwater II, Silverwood II and The Canyon model homes at Maple Hollow, then meet with a sales counselor to review homesites and included features.',
      px + 14,
      302,
      { width: pw - 28, lineGap: 2 },
    );
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(C.terracotta)
    .text(BUILDER, px + 14, 470, { width: pw - 28 });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor('#59626e')
    .text('Illustrations are artist renderings.', px + 14, 488, { width: pw - 28 });
  footers(doc, 9, M - 14);
  return finish(doc);
}

/** Narrow portrait pages for phones: one column, larger type, as many pages as needed. */
export async function featuresMobilePdf(): Promise<Buffer> {
  const W = 360;
  const H = 740;
  const M = 26;
  const FOOT = 48;
  const doc = newDoc([W, H], M);
  const width = W - M * 2;
  const bodySize = 14;
  const limit = H - M - FOOT;
  // Cover block.
  doc.save().rect(0, 0, W, 150).fill(C.forest).restore();
  doc.save().rect(0, 150, W, 4).fill(C.terracotta).restore();
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(C.sand)
    .text(BUILDER.toUpperCase(), M, 30, { width, characterSpacing: 2 });
  doc.font('Helvetica-Bold').fontSize(27).fillColor(C.cream).text('Maple Hollow', M, 52, { width });
  doc.font('Helvetica').fontSize(20).fillColor(C.cream).text('Included Features', M, 86, { width });
  doc.font('Helvetica').fontSize(bodySize).fillColor(C.slate).text(INTRO, M, 176, { width, lineGap: 3 });
  let y = doc.y + 22;
  for (const sec of FEATURES) {
    if (y + 80 > limit) {
      doc.addPage();
      y = M + 6;
    }
    y = sectionHeading(doc, sec.heading, M, y, width, 21);
    for (const item of sec.items) {
      doc.font('Helvetica').fontSize(bodySize);
      const h = doc.heightOfString(item, { width: width - bodySize * 1.2, lineGap: bodySize * 0.2 });
      if (y + h > limit) {
        doc.addPage();
        doc
          .font('Helvetica-Bold')
          .fontSize(12)
          .fillColor(C.forest)
          .text(`${sec.heading} (continued)`, M, M + 6, { width });
        y = M + 30;
      }
      y = bullets(doc, [item], M, y, width, bodySize, 9);
    }
    y += 16;
  }
  if (y + 60 > limit) {
    doc.addPage();
    y = M + 6;
  }
  doc.font('Helvetica-Bold').fontSize(16).fillColor(C.forest).text('Questions?', M, y, { width });
  doc
    .font('Helvetica')
    .fontSize(bodySize)
    .fillColor(C.slate)
    .text(`Visit the Maple Hollow model homes and talk with a ${BUILDER} sales counselor.`, M, doc.y + 4, {
      width,
      lineGap: 3,
    });
  footers(doc, 9.5, M - 8);
  return finish(doc);
}
