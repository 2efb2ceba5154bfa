import { expect } from 'chai';
import { coverSizes } from '../../src/shared/responsive-image.js';

/** The `sizes` of a cover-fit image name the width it is drawn at, which can be more than its box's width. */
describe('coverSizes', () => {
  const wide = { width: 1600, height: 900 };
  const slots = [{ media: '(min-width: 1100px)', width: '360px' }, { width: '92vw' }];

  it('names the box height times the aspect ratio when that is wider than the box (a tall hero box)', () => {
    expect(coverSizes(wide, [{ width: '100vw' }], { length: 'clamp(380px, 72vh, 720px)' })).to.equal(
      'max(100vw, clamp(380px, 72vh, 720px) * 1.7778)',
    );
  });

  it('scales each width by how much wider than a fixed-ratio box the image is', () => {
    expect(coverSizes({ width: 2400, height: 800 }, slots, { aspectRatio: 3 / 2 })).to.equal(
      '(min-width: 1100px) calc(360px * 2), calc(92vw * 2)',
    );
  });

  it('keeps the widths of an image no wider than its fixed-ratio box (it is drawn at the box width)', () => {
    expect(coverSizes({ width: 1000, height: 1200 }, slots, { aspectRatio: 3 / 2 })).to.equal(
      '(min-width: 1100px) 360px, 92vw',
    );
    expect(coverSizes({ width: 1500, height: 1000 }, slots, { aspectRatio: 3 / 2 })).to.equal(
      '(min-width: 1100px) 360px, 92vw',
    );
  });
});
