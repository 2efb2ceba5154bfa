import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { loadContent, type FloorPlan } from '../../src/content/index.js';
import { formatBaths, formatSquareFeet } from '../../src/content/plan-facts.js';
import {
  type DrawingMetadata,
  drawFloorPlan,
  drawingFacts,
  drawingSvg,
  layoutProblems,
  metadataPath,
  sha256,
} from '../../tools/sample-media/floorplans.js';

/**
 * Every floor plan's drawings agree with the facts its page shows, by construction: the generator draws each level
 * from the content module and writes beside the PNG what it drew (facts, text, SVG and PNG hashes). These tests
 * check that the committed drawings were drawn from today's facts by today's code, and count what they show.
 */

const content = loadContent();
const STATIC_DIR = path.resolve('static');

function fileOf(src: string): string {
  return path.join(STATIC_DIR, src);
}

function metadataOf(src: string): DrawingMetadata {
  return JSON.parse(fs.readFileSync(metadataPath(fileOf(src)), 'utf8')) as DrawingMetadata;
}

/** What a plan's drawings show, read from their labels alone (not from the generator's own counting). */
function shownOnDrawings(plan: FloorPlan) {
  const drawings = plan.levels.map(({ drawing }) => metadataOf(drawing.src));
  const rooms = drawings.flatMap((drawing) => drawing.rooms);
  const matching = (pattern: RegExp) => rooms.filter((room) => pattern.test(room)).length;
  return {
    drawings,
    bedrooms: matching(/^(Owner’s Suite|Bedroom \d+)$/),
    bedroomNumbers: rooms.filter((room) => /^Bedroom \d+$/.test(room)).map((room) => Number(room.split(' ')[1])),
    baths: matching(/^(Owner’s Bath|Bath \d+)$/) + matching(/^Powder$/) / 2,
    studies: matching(/^Study$/),
    garages: drawings.flatMap((drawing) =>
      drawing.rooms.filter((room) => /Garage$/.test(room)).map((room) => ({ level: drawing.level, room })),
    ),
  };
}

describe('Floor-plan drawings', () => {
  for (const plan of content.floorPlans) {
    describe(plan.name, () => {
      it('has a drawing for every level, each with the metadata the generator wrote beside it', () => {
        expect(plan.levels.length, 'levels').to.be.at.least(1);
        for (const { level, drawing } of plan.levels) {
          expect(fs.existsSync(fileOf(drawing.src)), drawing.src).to.equal(true);
          const metadata = metadataOf(drawing.src);
          expect({ plan: metadata.plan, level: metadata.level, image: metadata.image }).to.deep.equal({
            plan: plan.slug,
            level,
            image: drawing.src,
          });
        }
      });

      it('was drawn from the facts the content module holds today', () => {
        for (const { drawing } of plan.levels)
          expect(metadataOf(drawing.src).facts, drawing.src).to.deep.equal(drawingFacts(content, plan));
      });

      it('is the PNG that today’s generator draws from those facts (SVG and PNG hashes)', () => {
        for (const { level, drawing } of plan.levels) {
          const metadata = metadataOf(drawing.src);
          const svg = drawingSvg(drawFloorPlan(content, plan, level));
          expect(sha256(svg), `${drawing.src}: run npm run sample-media -- floorplans`).to.equal(metadata.svgSha256);
          expect(sha256(fs.readFileSync(fileOf(drawing.src))), drawing.src).to.equal(metadata.pngSha256);
        }
      });

      it('labels as many bedrooms, baths and studies as the page states', () => {
        const shown = shownOnDrawings(plan);
        expect(shown.bedrooms, 'bedrooms').to.equal(plan.beds);
        expect(shown.baths, 'baths').to.equal(plan.baths);
        expect(shown.studies, 'studies').to.equal(plan.study ? 1 : 0);
        expect(shown.bedroomNumbers, 'bedrooms numbered from 2, once each').to.deep.equal(
          Array.from({ length: plan.beds - 1 }, (_, index) => index + 2),
        );
      });

      it('draws one garage on the main level, named by its bays, with one car per bay', () => {
        const shown = shownOnDrawings(plan);
        expect(shown.garages).to.deep.equal([{ level: 'main', room: `${plan.garageBays}-Car Garage` }]);
        const main = shown.drawings.find((drawing) => drawing.level === 'main')!;
        expect(main.cars).to.equal(plan.garageBays);
      });

      it('states the page’s beds, baths, garage and square feet in every title block', () => {
        for (const { level, squareFeet, drawing } of plan.levels) {
          const { sheet } = metadataOf(drawing.src);
          expect(sheet.heading).to.equal(plan.name);
          expect(sheet.stats).to.include.members([
            `${plan.beds} Bedrooms${plan.study ? ' + Study' : ''}`,
            `${formatBaths(plan.baths)} Baths`,
            `${plan.garageBays}-Car Garage`,
            `Total: ${formatSquareFeet(plan.squareFeet)} sq ft finished`,
          ]);
          expect(
            sheet.stats.some((line) => line.endsWith(`: ${formatSquareFeet(squareFeet)} sq ft`)),
            level,
          ).to.equal(true);
        }
      });

      it('has room layouts that agree with its facts, area included', () => {
        expect(layoutProblems(plan)).to.deep.equal([]);
      });
    });
  }

  describe('layoutProblems', () => {
    const canyon = content.floorPlans.find((plan) => plan.slug === 'canyon')!;
    const overlook = content.floorPlans.find((plan) => plan.slug === 'overlook')!;
    const sweetwater = content.floorPlans.find((plan) => plan.slug === 'sweetwater-ii')!;

    it('names a bedroom count the rooms do not have', () => {
      expect(layoutProblems({ ...canyon, beds: 4 })).to.deep.equal(['The Canyon: 3 bedrooms drawn, the facts say 4']);
    });

    it('names a bath count the rooms do not have', () => {
      expect(layoutProblems({ ...overlook, baths: 3.5 })).to.deep.equal(['Overlook: 3 baths drawn, the facts say 3.5']);
    });

    it('names a study the rooms do not have', () => {
      expect(layoutProblems({ ...canyon, study: true })).to.deep.equal([
        'The Canyon: 0 studies drawn, the facts say one',
      ]);
    });

    it('names a garage too narrow for its bays', () => {
      expect(layoutProblems({ ...canyon, garageBays: 3 })).to.deep.equal([
        'The Canyon: a 22 ft wide garage cannot be a 3-Car Garage',
      ]);
    });

    it('names a level whose drawn area is more than 3% off its square feet', () => {
      const levels = overlook.levels.map((level) => (level.level === 'main' ? { ...level, squareFeet: 2400 } : level));
      expect(layoutProblems({ ...overlook, levels, squareFeet: 3560 })).to.deep.equal([
        'Overlook Main Level: 1978 sq ft drawn, the facts say 2400',
      ]);
    });

    it('names a level the plan does not have, and stairs that lead to it', () => {
      const problems = layoutProblems({ ...sweetwater, stories: 1, levels: sweetwater.levels.slice(0, 1) });
      expect(problems).to.include('Sweetwater II: a layout for the Upper Level, a level it does not have');
      expect(problems).to.include('Sweetwater II Main Level: stairs to [upper], expected []');
    });
  });
});
