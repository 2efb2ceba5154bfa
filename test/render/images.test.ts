import { expect } from 'chai';
import { createImageDescriber } from '../../src/render/images.js';

describe('createImageDescriber', () => {
  const variants = {
    width: 800,
    height: 600,
    fallbackSrc: '/img/a-800.jpg',
    srcSet: '/img/a-800.jpg 800w',
    webpSrcSet: '/img/a-800.webp 800w',
    avifSrcSet: '/img/a-800.avif 800w',
  };
  const describe_ = createImageDescriber({ '/sample/a.jpg': variants });

  it('resolves a path the build recorded to its variants', () => {
    expect(describe_('/sample/a.jpg', 'A').src).to.equal('/img/a-800.jpg');
  });

  for (const name of ['constructor', '__proto__', 'toString']) {
    it(`treats a path named ${name} as unknown, not as an Object.prototype member`, () => {
      expect(describe_(name, 'A', {})).to.deep.equal({ src: name, alt: 'A', width: 1600, height: 1000 });
    });
  }
});
