import { expect } from 'chai';
import { homeEntriesOf, slugOfName, type CommunityHomes } from '../../src/services/home-entries.js';
import { addMonths, searchHomes, type HomeEntry } from '../../src/services/home-search.js';
import { parseHomeFilters, queryOfSearch, type HomeFilters } from '../../src/shared/home-filters.js';

const TODAY = '2026-11-28';

/** Two communities: three homes to move into and three plans in one, one home and two plans in the other. */
const MAPLE: CommunityHomes = {
  slug: 'maple-hollow',
  name: 'Maple Hollow',
  city: 'Windsor',
  lat: 40.48,
  lng: -104.9,
  basePath: '/communities/maple-hollow',
  plans: [
    { slug: 'canyon', name: 'The Canyon', basePrice: 545_900, beds: 3, baths: 2, squareFeet: 1860, stories: 1 },
    { slug: 'sweetwater', name: 'Sweetwater', basePrice: 579_900, beds: 4, baths: 2.5, squareFeet: 2450, stories: 2 },
    { slug: 'overlook', name: 'Overlook', basePrice: null, beds: 4, baths: 3, squareFeet: 3120, stories: 1 },
  ],
  homesites: [
    { lot: 5, status: 'quick-move-in', plan: 'The Canyon', price: 574_500, ready: '2026-11-20' },
    { lot: 11, status: 'quick-move-in', plan: 'Sweetwater', price: 612_000, ready: '2027-02-15' },
    { lot: 19, status: 'quick-move-in', plan: 'Overlook', price: 689_000, ready: '2027-05-01' },
    { lot: 20, status: 'available', plan: null, price: null, ready: null },
    { lot: 21, status: 'sold', plan: 'Overlook', price: 700_000, ready: null },
  ],
  promotions: [{ title: 'Rate buydown on Sweetwater', plans: ['sweetwater'] }],
};

const ASPEN: CommunityHomes = {
  slug: 'aspen-ridge',
  name: 'Aspen Ridge',
  city: 'Greeley',
  lat: 40.42,
  lng: -104.7,
  basePath: '/communities/aspen-ridge',
  plans: [
    { slug: 'aspen', name: 'The Aspen', basePrice: 429_000, beds: 3, baths: 2, squareFeet: 1650, stories: 1 },
    { slug: 'birch', name: 'Birch', basePrice: 489_000, beds: 5, baths: 3.5, squareFeet: 2900, stories: 2 },
  ],
  homesites: [{ lot: 12, status: 'quick-move-in', plan: 'The Aspen', price: 455_000, ready: '2026-12-30' }],
  promotions: [{ title: 'Closing costs paid', plans: [] }],
};

const ENTRIES = [...homeEntriesOf(MAPLE), ...homeEntriesOf(ASPEN)];

function search(query: string, pageSize = 20) {
  const { filters, problems } = parseHomeFilters(queryOfSearch(query), {
    communities: ['maple-hollow', 'aspen-ridge'],
  });
  expect(problems).to.deep.equal([]);
  return searchHomes(ENTRIES, filters, { today: TODAY, pageSize });
}

function titles(query: string): string[] {
  return search(query).results.map((entry) => entry.title);
}

describe('homeEntriesOf (one community’s searchable homes)', () => {
  it('makes an entry of each quick move-in home and each offered plan, and nothing else', () => {
    const entries = homeEntriesOf(MAPLE);
    expect(entries.map((entry) => [entry.type, entry.title, entry.url])).to.deep.equal([
      ['qmi', 'Lot 5 · The Canyon', '/communities/maple-hollow/homesites/5'],
      ['qmi', 'Lot 11 · Sweetwater', '/communities/maple-hollow/homesites/11'],
      ['qmi', 'Lot 19 · Overlook', '/communities/maple-hollow/homesites/19'],
      ['plan', 'The Canyon', '/communities/maple-hollow/floor-plans/canyon'],
      ['plan', 'Sweetwater', '/communities/maple-hollow/floor-plans/sweetwater'],
      ['plan', 'Overlook', '/communities/maple-hollow/floor-plans/overlook'],
    ]);
  });

  it('gives a home its plan’s facts, its own price and ready date; a plan its price here and no date', () => {
    const [home, , , plan] = homeEntriesOf(MAPLE);
    expect(home).to.deep.equal({
      type: 'qmi',
      community: 'maple-hollow',
      communityName: 'Maple Hollow',
      city: 'Windsor',
      lat: 40.48,
      lng: -104.9,
      url: '/communities/maple-hollow/homesites/5',
      title: 'Lot 5 · The Canyon',
      price: 574_500,
      beds: 3,
      baths: 2,
      sqft: 1860,
      stories: 1,
      moveIn: '2026-11-20',
    });
    expect(plan).to.include({ type: 'plan', price: 545_900, moveIn: null });
  });

  it('shows with each the promotion that applies to its plan', () => {
    const promoted = ENTRIES.filter((entry) => entry.promotion).map((entry) => [entry.title, entry.promotion?.title]);
    expect(promoted).to.deep.equal([
      ['Lot 11 · Sweetwater', 'Rate buydown on Sweetwater'],
      ['Sweetwater', 'Rate buydown on Sweetwater'],
      ['Lot 12 · The Aspen', 'Closing costs paid'],
      ['The Aspen', 'Closing costs paid'],
      ['Birch', 'Closing costs paid'],
    ]);
  });

  it('makes a slug of a community’s name', () => {
    expect(slugOfName('Maple Hollow')).to.equal('maple-hollow');
    expect(slugOfName('  Café  del  Río II ')).to.equal('cafe-del-rio-ii');
    expect(slugOfName('!!!')).to.equal('community');
  });
});

describe('searchHomes', () => {
  it('finds every entry without a filter, soonest move-in first and then plans from their lowest price', () => {
    expect(titles('')).to.deep.equal([
      'Lot 5 · The Canyon',
      'Lot 12 · The Aspen',
      'Lot 11 · Sweetwater',
      'Lot 19 · Overlook',
      'The Aspen',
      'Birch',
      'The Canyon',
      'Sweetwater',
      'Overlook',
    ]);
    expect(search('').total).to.equal(9);
  });

  describe('each filter', () => {
    it('community (any of those given)', () => {
      expect(titles('community=aspen-ridge')).to.deep.equal(['Lot 12 · The Aspen', 'The Aspen', 'Birch']);
      expect(search('community=aspen-ridge&community=maple-hollow').total).to.equal(9);
    });

    it('city', () => {
      expect(search('city=Greeley').total).to.equal(3);
      expect(search('city=windsor').total).to.equal(6);
    });

    it('minPrice and maxPrice, both included, leaving out what has no price yet', () => {
      expect(titles('minPrice=574500&maxPrice=612000&sort=price')).to.deep.equal([
        'Lot 5 · The Canyon',
        'Sweetwater',
        'Lot 11 · Sweetwater',
      ]);
      expect(titles('minPrice=0')).to.not.include('Overlook');
    });

    it('beds and baths (at least)', () => {
      expect(search('beds=4').total).to.equal(5);
      expect(search('beds=5').total).to.equal(1);
      expect(titles('baths=3&sort=price')).to.deep.equal(['Birch', 'Lot 19 · Overlook', 'Overlook']);
    });

    it('minSqft and maxSqft', () => {
      expect(titles('minSqft=1800&maxSqft=2450&sort=sqft')).to.deep.equal([
        'Lot 5 · The Canyon',
        'The Canyon',
        'Lot 11 · Sweetwater',
        'Sweetwater',
      ]);
    });

    it('stories (exactly)', () => {
      expect(search('stories=2').total).to.equal(3);
    });

    it('moveIn: ready by today, in 3 months, in 6 months; plans never', () => {
      expect(titles('moveIn=now')).to.deep.equal(['Lot 5 · The Canyon']);
      expect(titles('moveIn=3m')).to.deep.equal(['Lot 5 · The Canyon', 'Lot 12 · The Aspen', 'Lot 11 · Sweetwater']);
      expect(search('moveIn=6m').total).to.equal(4);
    });

    it('type', () => {
      expect(search('type=qmi').total).to.equal(4);
      expect(search('type=plan').total).to.equal(5);
    });
  });

  describe('sort', () => {
    it('price: lowest first, no price last; -price: highest first, no price last', () => {
      expect(titles('sort=price').at(0)).to.equal('The Aspen');
      expect(titles('sort=price').at(-1)).to.equal('Overlook');
      expect(titles('sort=-price').slice(0, 2)).to.deep.equal(['Lot 19 · Overlook', 'Lot 11 · Sweetwater']);
      expect(titles('sort=-price').at(-1)).to.equal('Overlook');
    });

    it('sqft: smallest first', () => {
      const sizes = search('sort=sqft').results.map((entry) => entry.sqft);
      expect(sizes).to.deep.equal([...sizes].sort((a, b) => a - b));
    });
  });

  it('pages the results, with pins for every match on every page', () => {
    const first = search('', 4);
    const third = search('page=3', 4);
    expect([first.page, first.pages, first.results.length]).to.deep.equal([1, 3, 4]);
    expect([third.page, third.results.length]).to.deep.equal([3, 1]);
    expect(third.results[0]!.title).to.equal('Overlook');
    expect(first.pins).to.have.length(9);
    expect(third.pins).to.deep.equal(first.pins);
    expect(first.pins[0]).to.deep.equal({
      lat: 40.48,
      lng: -104.9,
      url: '/communities/maple-hollow/homesites/5',
      title: 'Lot 5 · The Canyon',
      price: 574_500,
    });
    expect(search('page=9', 4).results).to.deep.equal([]);
  });

  it('pins follow the filters', () => {
    expect(search('community=aspen-ridge').pins.map((pin) => pin.title)).to.deep.equal([
      'Lot 12 · The Aspen',
      'The Aspen',
      'Birch',
    ]);
  });

  describe('facets: what choosing each would give, with every other filter applied', () => {
    it('without filters, every community and bedroom count (at least)', () => {
      expect(search('').facets).to.deep.equal({
        community: { 'maple-hollow': 6, 'aspen-ridge': 3 },
        beds: { '3': 9, '4': 5, '5': 1 },
      });
    });

    it('the community facet ignores the community filter and applies the others', () => {
      const { facets, total } = search('community=aspen-ridge&beds=4');
      expect(total).to.equal(1);
      expect(facets.community).to.deep.equal({ 'maple-hollow': 4, 'aspen-ridge': 1 });
      expect(facets.beds).to.deep.equal({ '3': 3, '4': 1, '5': 1 });
    });

    it('a count of 0 is kept, so a choice does not vanish from the form', () => {
      expect(search('moveIn=now').facets).to.deep.equal({
        community: { 'maple-hollow': 1, 'aspen-ridge': 0 },
        beds: { '3': 1, '4': 0, '5': 0 },
      });
    });
  });

  describe('nothing matches', () => {
    it('names the one filter whose removal gives the most results', () => {
      const result = search('community=aspen-ridge&beds=4&maxPrice=450000');
      expect(result.total).to.equal(0);
      expect(result.results).to.deep.equal([]);
      expect(result.pins).to.deep.equal([]);
      expect(result.loosen).to.deep.equal({ filters: ['price'], total: 1 });
    });

    it('names every filter in force when removing one is not enough', () => {
      expect(search('beds=5&maxPrice=450000&moveIn=now').loosen).to.deep.equal({
        filters: ['price', 'beds', 'moveIn'],
        total: 9,
      });
    });

    it('has nothing to loosen when there is nothing at all', () => {
      const filters: HomeFilters = { community: [], sort: 'moveIn', page: 1, beds: 3 };
      expect(searchHomes([], filters, { today: TODAY, pageSize: 10 }).loosen).to.equal(undefined);
      expect(search('beds=3').loosen).to.equal(undefined);
    });
  });

  it('adds months to a date, keeping to the month’s last day', () => {
    expect(addMonths('2026-11-28', 3)).to.equal('2027-02-28');
    expect(addMonths('2026-11-30', 3)).to.equal('2027-02-28');
    expect(addMonths('2027-08-31', 6)).to.equal('2028-02-29');
    expect(addMonths('2026-11-28', 0)).to.equal('2026-11-28');
  });

  it('searches 10,000 entries quickly (timing printed, not asserted), each page as a full sort orders it', () => {
    const many: HomeEntry[] = [];
    for (let index = 0; index < 10_000; index += 1) {
      const base = ENTRIES[index % ENTRIES.length]!;
      const community = `community-${index % 50}`;
      many.push({
        ...base,
        community,
        url: `/communities/${community}/homesites/${index}`,
        price: base.price === null ? null : base.price + (index % 97) * 1000,
        beds: 2 + (index % 4),
        sqft: base.sqft + (index % 13) * 50,
        moveIn: base.moveIn === null ? null : addMonths(TODAY, (index % 9) - 1),
      });
    }
    const queries = [
      '',
      'beds=4&maxPrice=600000',
      'moveIn=3m&type=qmi&sort=price',
      'community=community-3&community=community-7&minSqft=2000&sort=-price&page=2',
      'beds=5&maxPrice=400000&moveIn=now',
    ];
    for (const query of queries) {
      const { filters } = parseHomeFilters(queryOfSearch(query));
      searchHomes(many, filters, { today: TODAY, pageSize: 12 });
      const rounds = 20;
      const started = process.hrtime.bigint();
      let total = 0;
      for (let round = 0; round < rounds; round += 1)
        total = searchHomes(many, filters, { today: TODAY, pageSize: 12 }).total;
      const ms = Number(process.hrtime.bigint() - started) / 1e6 / rounds;
      console.log(`      10,000 entries, ?${query || '(no filter)'}: ${total} matches in ${ms.toFixed(2)} ms`);
      // The first pages come from a short buffer, not a sort of every match: the same pages a full sort gives.
      const everything = searchHomes(many, { ...filters, page: 1 }, { today: TODAY, pageSize: 100_000 }).results;
      for (const page of [1, 2, 5]) {
        const results = searchHomes(many, { ...filters, page }, { today: TODAY, pageSize: 12 }).results;
        expect(results).to.deep.equal(everything.slice((page - 1) * 12, page * 12));
      }
    }
  });
});
