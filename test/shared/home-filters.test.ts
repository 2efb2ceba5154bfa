import { expect } from 'chai';
import {
  homeSearchHref,
  parseHomeFilters,
  queryOfSearch,
  type HomeFilterChoices,
} from '../../src/shared/home-filters.js';

const CHOICES: HomeFilterChoices = { communities: ['maple-hollow', 'aspen-ridge'], cities: ['Windsor', 'Greeley'] };

function parse(search: string, choices: HomeFilterChoices = CHOICES) {
  return parseHomeFilters(queryOfSearch(search), choices);
}

function fieldsOf(search: string, choices?: HomeFilterChoices): string[] {
  return parse(search, choices).problems.map((problem) => problem.field);
}

describe('parseHomeFilters (Find your home filters)', () => {
  it('reads every filter of the contract', () => {
    const { filters, problems } = parse(
      'community=maple-hollow&community=aspen-ridge&city=windsor&minPrice=400000&maxPrice=$650,000&beds=3&baths=2.5' +
        '&minSqft=1800&maxSqft=3000&stories=2&moveIn=3m&type=qmi&sort=-price&page=2',
    );
    expect(problems).to.deep.equal([]);
    expect(filters).to.deep.equal({
      community: ['maple-hollow', 'aspen-ridge'],
      city: 'Windsor',
      minPrice: 400_000,
      maxPrice: 650_000,
      beds: 3,
      baths: 2.5,
      minSqft: 1800,
      maxSqft: 3000,
      stories: 2,
      moveIn: '3m',
      type: 'qmi',
      sort: '-price',
      page: 2,
    });
  });

  it('gives the defaults for an empty query, and treats a GET form’s empty choices as none', () => {
    expect(parse('')).to.deep.equal({ filters: { community: [], sort: 'moveIn', page: 1 }, problems: [] });
    expect(parse('community=&city=&minPrice=&maxPrice=&beds=&baths=&moveIn=&type=&sort=moveIn')).to.deep.equal({
      filters: { community: [], sort: 'moveIn', page: 1 },
      problems: [],
    });
  });

  it('ignores campaign and click ids silently', () => {
    expect(parse('utm_source=news&utm_campaign=fall&gclid=1&fbclid=2&msclkid=3&beds=4')).to.deep.equal({
      filters: { community: [], sort: 'moveIn', page: 1, beds: 4 },
      problems: [],
    });
  });

  it('names an unknown parameter, in plain words', () => {
    const { problems } = parse('bedrooms=3');
    expect(problems).to.deep.equal([{ field: 'bedrooms', message: '"bedrooms" is not a filter of this search' }]);
  });

  for (const [search, field, words] of [
    ['minPrice=-5', 'minPrice', /minPrice cannot be negative/],
    ['maxPrice=99999999999', 'maxPrice', /maxPrice must be at most \$1,000,000,000/],
    ['beds=three', 'beds', /beds "three" is not a number/],
    ['beds=2.5', 'beds', /beds "2.5" is not a number/],
    ['beds=21', 'beds', /beds must be at most 20/],
    ['baths=2.25', 'baths', /baths "2.25" is not a number/],
    ['minSqft=1e4', 'minSqft', /minSqft "1e4" is not a number/],
    ['stories=0', 'stories', /stories must be at least 1/],
    ['page=0', 'page', /page must be at least 1/],
    ['page=99999', 'page', /page must be at most 10,000/],
    ['moveIn=soon', 'moveIn', /moveIn "soon" is not one of now, 3m, 6m/],
    ['type=condo', 'type', /type "condo" is not one of qmi, plan/],
    ['sort=beds', 'sort', /sort "beds" is not one of price, -price, sqft, moveIn/],
    ['beds=3&beds=4', 'beds', /beds was given 2 times: give it once/],
    ['community=Maple%20Hollow', 'community', /not a community's name in an address/],
    [
      'community=pine-bluff',
      'community',
      /community "pine-bluff" is not one of ours: choose from maple-hollow, aspen-ridge/,
    ],
    ['city=Denver', 'city', /city "Denver" has no homes here/],
    ['minPrice=700000&maxPrice=500000', 'minPrice', /minPrice \(\$700,000\) is above maxPrice \(\$500,000\)/],
    ['minSqft=3000&maxSqft=2000', 'minSqft', /minSqft \(3,000\) is above maxSqft \(2,000\)/],
  ] as const) {
    it(`names ${field} for ${search}, and leaves it out`, () => {
      const { filters, problems } = parse(search);
      expect(problems).to.have.length(1);
      expect(problems[0]!.field).to.equal(field);
      expect(problems[0]!.message).to.match(words);
      expect(problems[0]!.message).to.not.match(/[\\^[\]{}]|\/.*\//);
      if (field === 'community') expect(filters.community).to.deep.equal([]);
      else if (field === 'page') expect(filters.page).to.equal(1);
      else if (field === 'sort') expect(filters.sort).to.equal('moveIn');
      else expect(filters).to.not.have.property(field);
    });
  }

  it('leaves both bounds out when the lowest is above the highest', () => {
    const { filters } = parse('minPrice=700000&maxPrice=500000&beds=3');
    expect(filters).to.deep.equal({ community: [], sort: 'moveIn', page: 1, beds: 3 });
  });

  it('takes any well-formed community slug when the known ones are not given', () => {
    expect(fieldsOf('community=pine-bluff', {})).to.deep.equal([]);
    expect(parse('community=pine-bluff', {}).filters.community).to.deep.equal(['pine-bluff']);
  });

  it('keeps the good communities of a list and names the bad one', () => {
    const { filters, problems } = parse('community=maple-hollow&community=nowhere&community=maple-hollow');
    expect(filters.community).to.deep.equal(['maple-hollow']);
    expect(problems.map((problem) => problem.field)).to.deep.equal(['community']);
  });

  it('names a value that is not text (a nested object from an extended query parser)', () => {
    const { problems } = parseHomeFilters({ beds: { gt: '3' }, community: ['a', { b: 'c' }] }, CHOICES);
    expect(problems).to.deep.equal([
      { field: 'beds', message: 'beds must be given as plain text' },
      { field: 'community', message: 'community must be given as plain text' },
    ]);
  });

  it('never reads an inherited property as a filter', () => {
    expect(fieldsOf('constructor=1&__proto__=2&toString=3&hasOwnProperty=4')).to.deep.equal([
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
    ]);
    expect(parse('sort=constructor').problems[0]!.field).to.equal('sort');
  });

  it('names ten unknown parameters and counts the rest, each name cut to 60 characters', () => {
    const names = Array.from({ length: 25 }, (_, index) => `junk${index}`);
    const { problems } = parse(names.map((name) => `${name}=1`).join('&'));
    expect(problems.map((problem) => problem.field)).to.deep.equal([...names.slice(0, 10), 'other']);
    expect(problems.at(-1)!.message).to.equal('15 other parameters are not filters of this search');
    expect(parse(`${'n'.repeat(500)}=1`).problems[0]!.field).to.have.length(60);
  });

  it('names a bad community once however often it is repeated', () => {
    expect(fieldsOf('community=nowhere&community=nowhere')).to.deep.equal(['community']);
  });

  it('shortens a long value shown back in a message', () => {
    const { problems } = parse(`beds=${'x'.repeat(5000)}`);
    expect(problems[0]!.message.length).to.be.below(120);
  });

  it('writes a search one way: parameters in order, defaults left out', () => {
    const { filters } = parse('sort=moveIn&page=1&beds=3&community=maple-hollow&community=aspen-ridge&maxPrice=600000');
    expect(homeSearchHref('/homes', filters)).to.equal(
      '/homes?community=aspen-ridge&community=maple-hollow&maxPrice=600000&beds=3',
    );
    expect(homeSearchHref('/homes', filters, { page: 3, beds: undefined })).to.equal(
      '/homes?community=aspen-ridge&community=maple-hollow&maxPrice=600000&page=3',
    );
    expect(homeSearchHref('/homes', parse('').filters)).to.equal('/homes');
  });
});
