import { expect } from 'chai';
import {
  clampPoint,
  copyLot,
  moveLot,
  nextFreeLot,
  numberingProblems,
  pointsOfShape,
  snapPoint,
  type OutlineLot,
} from '../../src/shared/outline-geometry.js';

const square = (lot: number, x: number): OutlineLot => ({
  lot,
  points: [
    [x, 100],
    [x + 100, 100],
    [x + 100, 250],
    [x, 250],
  ],
});

describe('The outline editor’s geometry (decision 054)', () => {
  describe('pointsOfShape', () => {
    it('reads a rect’s four corners, a polygon’s points and a closed path’s pairs', () => {
      expect(pointsOfShape('rect', { x: '20', y: '100', width: '100', height: '150' })).to.deep.equal([
        [20, 100],
        [120, 100],
        [120, 250],
        [20, 250],
      ]);
      expect(pointsOfShape('polygon', { points: '0,0 10,0 10,5' })).to.deep.equal([
        [0, 0],
        [10, 0],
        [10, 5],
      ]);
      expect(pointsOfShape('path', { d: 'M0 0 L10 0 L10 5 L0 5 L0 0 Z' })).to.deep.equal([
        [0, 0],
        [10, 0],
        [10, 5],
        [0, 5],
      ]);
    });
  });

  describe('nextFreeLot', () => {
    it('proposes the lowest number not drawn, so lots run 1…N', () => {
      expect(nextFreeLot([])).to.equal(1);
      expect(nextFreeLot([square(1, 0), square(2, 100), square(4, 300)])).to.equal(3);
    });
  });

  describe('snapPoint', () => {
    const lots = [square(1, 0), square(2, 100)];

    it('puts a point on the nearest corner of another lot within the radius', () => {
      expect(snapPoint([103, 97], lots, 8)).to.deep.equal([100, 100]);
    });

    it('leaves a point alone beyond the radius, and ignores the lot being edited', () => {
      expect(snapPoint([120, 130], lots, 8)).to.deep.equal([120, 130]);
      expect(snapPoint([203, 100], lots, 8, 2)).to.deep.equal([203, 100]);
    });
  });

  describe('clampPoint and moveLot', () => {
    it('keeps points on the drawing, to a tenth of a unit', () => {
      expect(clampPoint([-5, 12.345], 1200, 800)).to.deep.equal([0, 12.3]);
      expect(clampPoint([1300, 900], 1200, 800)).to.deep.equal([1200, 800]);
    });

    it('moves a whole lot, stopping at the drawing’s edge without changing its shape', () => {
      expect(moveLot(square(1, 0), 10, -20, 1200, 800).points).to.deep.equal(
        square(1, 10).points.map(([x, y]) => [x, y - 20]),
      );
      expect(moveLot(square(1, 1050), 100, 0, 1200, 800).points).to.deep.equal(square(1, 1100).points);
    });
  });

  describe('copyLot', () => {
    it('copies a lot beside it with the next free number, sharing its edge', () => {
      expect(copyLot(square(1, 0), [square(1, 0)], 1200, 800)).to.deep.equal(square(2, 100));
    });

    it('copies to the left at the drawing’s right edge', () => {
      expect(copyLot(square(1, 1100), [square(1, 1100)], 1200, 800)).to.deep.equal(square(2, 1000));
    });
  });

  describe('numberingProblems', () => {
    it('names a lot numbered twice and a gap in the numbers, in plain words', () => {
      expect(numberingProblems([square(1, 0), square(1, 100), square(4, 200)])).to.deep.equal([
        'Lot 1 is drawn twice.',
        'Lots 2, 3 are not drawn: lots run 1 to 4 without a gap.',
      ]);
      expect(numberingProblems([square(1, 0), square(2, 100)])).to.deep.equal([]);
    });
  });
});
