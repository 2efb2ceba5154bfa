import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadContent } from '../../src/content/index.js';
import { checkLotsHaveShapes, loadLotOutlines, parseLotOutlines } from '../../src/content/lot-outlines.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { seedSampleContent } from '../../src/db/seed-sample.js';
import { createLogger } from '../../src/logger.js';
import { createSite } from '../../src/site.js';
import { testConfig } from '../support/test-server.js';
import { firstCommunity } from '../../src/prepare-database.js';

const svg = (shapes: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">${shapes}</svg>`;

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('Lot outlines (the site plan drawing’s lot shapes)', () => {
  it('reads the sample outlines: the drawing’s viewBox and one shape per lot, 1 to 78', () => {
    const outlines = loadLotOutlines(loadContent());
    expect(outlines.viewBox).to.equal('0 0 1600 1100');
    expect(outlines.shapes.map((shape) => shape.lot)).to.deep.equal(Array.from({ length: 78 }, (_, i) => i + 1));
    for (const shape of outlines.shapes) {
      expect(shape.kind).to.equal('polygon');
      expect(shape.label.x).to.be.within(0, 1600);
      expect(shape.label.y).to.be.within(0, 1100);
    }
  });

  it('accepts polygons, rects and paths, keeping only their geometry', () => {
    const outlines = parseLotOutlines(
      svg(
        '<polygon id="lot-1" points="0,0 10,0 10,10" fill="red"/><rect id="lot-2" x="20" y="0" width="10" height="10"/>' +
          '<path id="lot-3" d="M40 0 L50 0 L50 10 Z" onclick="evil()"/>',
      ),
      'lots.svg',
    );
    expect(outlines.shapes.map((shape) => [shape.lot, shape.kind, shape.attributes])).to.deep.equal([
      [1, 'polygon', { points: '0,0 10,0 10,10' }],
      [2, 'rect', { x: '20', y: '0', width: '10', height: '10' }],
      [3, 'path', { d: 'M40 0 L50 0 L50 10 Z' }],
    ]);
    expect(outlines.shapes[1]?.label).to.deep.equal({ x: 25, y: 5 });
  });

  it('keeps polygon corners to the coarsest power of ten within 1/1,000 of the drawing’s width', () => {
    const points = '751.39,837.29 742.73,836.6 -0.2,1e1';
    const wide = parseLotOutlines(
      `<svg viewBox="0 0 1600 1100"><polygon id="lot-1" points="${points}"/></svg>`,
      'lots.svg',
    );
    expect(wide.shapes[0]?.attributes.points).to.equal('751,837 743,837 0,10');
    const narrow = parseLotOutlines(
      `<svg viewBox="0 0 16 11"><polyline id="lot-1" points="7.5139 8.3729 7.4273 8.366"/></svg>`,
      'lots.svg',
    );
    expect(narrow.shapes[0]?.attributes.points).to.equal('7.51,8.37 7.43,8.37');
    expect(wide.shapes[0]?.label, 'the label is placed from the exported corners').to.deep.equal({ x: 498, y: 561.3 });
  });

  it('names a lot number that appears twice', () => {
    const message = failure(() =>
      parseLotOutlines(
        svg('<rect id="lot-1" x="0" y="0" width="1" height="1"/><rect id="lot-1" x="2" y="0" width="1" height="1"/>'),
        'lots.svg',
      ),
    );
    expect(message).to.match(/^lots\.svg: lot 1 has two shapes/);
  });

  it('names the lot numbers missing from the run 1…N', () => {
    const shapes = [1, 2, 5].map((lot) => `<rect id="lot-${lot}" x="${lot}" y="0" width="1" height="1"/>`).join('');
    expect(failure(() => parseLotOutlines(svg(shapes), 'lots.svg'))).to.match(/no shape for lot 3, 4 \(lots run 1…5\)/);
  });

  it('refuses a file without a viewBox, or without any lot shape', () => {
    expect(failure(() => parseLotOutlines('<svg><rect id="lot-1"/></svg>', 'a.svg'))).to.match(/needs a viewBox/);
    expect(failure(() => parseLotOutlines(svg('<rect id="pond"/>'), 'a.svg'))).to.match(/no lot shapes/);
  });

  it('names homesites in the database that have no shape', () => {
    const outlines = parseLotOutlines(svg('<rect id="lot-1" x="0" y="0" width="1" height="1"/>'), 'lots.svg');
    expect(failure(() => checkLotsHaveShapes(outlines, [1, 2, 7], 'lots.svg'))).to.match(/homesite 2, 7/);
  });

  it('stops start-up when the database has a homesite the drawing does not show', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lot-outlines-'));
    const file = path.join(dir, 'site.sqlite');
    const db = connectDatabase({ client: 'sqlite', filename: file });
    try {
      await migrateToLatest(db);
      await seedSampleContent(db, loadContent(), await firstCommunity(db, loadContent()));
      await db('homesites').insert({ lot: 79, status: 'available', address: '', version: 1, updated_at: '2026-11-22' });
    } finally {
      await db.destroy();
    }
    const config = testConfig(dir, `sqlite:${file}`);
    let message = '';
    try {
      const site = await createSite(config, createLogger(config));
      await site.close();
    } catch (error) {
      message = (error as Error).message;
    }
    await fs.rm(dir, { recursive: true, force: true });
    expect(message).to.match(/homesite 79 but the site-plan outlines have no shape/);
  });
});
