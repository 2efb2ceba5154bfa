import { expect } from 'chai';
import { community } from '../../src/content/community.js';
import { ContentError, floorPlanBySlug, loadContent, validateContent } from '../../src/content/index.js';

/** The community content module: validated at start (STYLE principle 4) and holding what the seed requires. */

type Mutable = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A deep copy of the sample content, changed by `change`. */
function contentWith(change: (draft: Mutable) => void): unknown {
  const draft = structuredClone(community) as Mutable;
  change(draft);
  return draft;
}

function rejection(raw: unknown): ContentError {
  try {
    validateContent(raw);
  } catch (error) {
    expect(error).to.be.instanceOf(ContentError);
    return error as ContentError;
  }
  expect.fail('validateContent accepted invalid content');
}

describe('Community content', () => {
  describe('validateContent', () => {
    it('accepts the sample community', () => {
      const content = validateContent(community);
      expect(content.community.name).to.equal('Maple Hollow');
      expect(content.builder.name).to.equal('Summit Lane Homes');
    });

    it('is what loadContent returns', () => {
      expect(loadContent()).to.deep.equal(validateContent(community));
    });

    it('rejects a floor plan with a negative squareFeet, naming content.floorPlans.0.squareFeet', () => {
      const error = rejection(contentWith((draft) => (draft.floorPlans[0].squareFeet = -10)));
      expect(error.message).to.include('content.floorPlans.0.squareFeet');
    });

    it('rejects a latitude of 200, naming the field', () => {
      const error = rejection(contentWith((draft) => (draft.community.latitude = 200)));
      expect(error.message).to.include('content.community.latitude');
    });

    it('rejects a nearby place with a latitude of 200, naming the place', () => {
      const error = rejection(contentWith((draft) => (draft.nearby[1].places[2].latitude = 200)));
      expect(error.message).to.include('content.nearby.1.places.2.latitude');
    });

    it('rejects a missing builder phone, naming content.builder.phone', () => {
      const error = rejection(contentWith((draft) => delete draft.builder.phone));
      expect(error.message).to.include('content.builder.phone');
    });

    it('rejects a builder phone not in the (123) 456-7890 form', () => {
      const error = rejection(contentWith((draft) => (draft.builder.phone = '970-555-0142')));
      expect(error.message).to.include('content.builder.phone');
    });

    it('rejects a community without floor plans, naming content.floorPlans', () => {
      const error = rejection(contentWith((draft) => draft.floorPlans.splice(0)));
      expect(error.message).to.match(/content\.floorPlans:/);
    });

    it('rejects a media path that is not a site path', () => {
      const error = rejection(contentWith((draft) => (draft.media.sitePlan.src = 'site-plan.png')));
      expect(error.message).to.include('content.media.sitePlan.src');
    });

    it('names every bad field at once', () => {
      const error = rejection(
        contentWith((draft) => {
          draft.community.longitude = -500;
          draft.lenders[0].href = 'not a url';
        }),
      );
      expect(error.message).to.include('content.community.longitude');
      expect(error.message).to.include('content.lenders.0.href');
    });
  });

  describe('what the seed requires', () => {
    const content = loadContent();

    it('has four floor plans with the slugs sweetwater-ii, silverwood-ii, canyon and overlook', () => {
      expect(content.floorPlans.map((plan) => plan.slug)).to.deep.equal([
        'sweetwater-ii',
        'silverwood-ii',
        'canyon',
        'overlook',
      ]);
    });

    it('maps each slug to its display name: Sweetwater II, Silverwood II, The Canyon, Overlook', () => {
      expect(floorPlanBySlug(content, 'sweetwater-ii')?.name).to.equal('Sweetwater II');
      expect(floorPlanBySlug(content, 'silverwood-ii')?.name).to.equal('Silverwood II');
      expect(floorPlanBySlug(content, 'canyon')?.name).to.equal('The Canyon');
      expect(floorPlanBySlug(content, 'overlook')?.name).to.equal('Overlook');
    });

    it('finds no floor plan for an unknown slug or a display name', () => {
      expect(floorPlanBySlug(content, 'nowhere')).to.equal(undefined);
      expect(floorPlanBySlug(content, 'The Canyon')).to.equal(undefined);
    });

    it('gives Overlook two drawings: the floor plan and the basement', () => {
      const overlook = floorPlanBySlug(content, 'overlook');
      expect(overlook?.levels).to.have.length(2);
      expect(overlook!.levels[0]!.drawing.caption).to.match(/floor plan/i);
      expect(overlook!.levels[1]!.drawing.caption).to.match(/basement/i);
    });

    it('has 4 floor plans, three priced and one coming soon', () => {
      expect(content.floorPlans).to.have.length(4);
      expect(content.floorPlans.map((plan) => plan.basePrice)).to.deep.equal([579_900, 612_500, 545_900, null]);
    });

    it("has the tagline Homes From The Mid 500's", () => {
      expect(content.community.tagline).to.equal("Homes From The Mid 500's");
    });

    it('has the nearby tabs Schools, Medical, Grocery and Parks with zooms 13, 10, 13 and 13', () => {
      expect(content.nearby.map((tab) => [tab.label, tab.zoom])).to.deep.equal([
        ['Schools', 13],
        ['Medical', 10],
        ['Grocery', 13],
        ['Parks', 13],
      ]);
    });

    it('lists 3 schools, 4 hospitals, 4 stores and 3 parks', () => {
      expect(content.nearby.map((tab) => tab.places.length)).to.deep.equal([3, 4, 4, 3]);
    });

    it('places the hospitals 16 to 20 miles away, the stores 1.0 to 3.1 and the parks 2.7 to 5.3', () => {
      const distances = (id: string) =>
        content.nearby.find((tab) => tab.id === id)!.places.map((place) => place.distanceMiles);
      for (const miles of distances('medical')) expect(miles, 'medical').to.be.within(16, 20);
      expect([Math.min(...distances('grocery')), Math.max(...distances('grocery'))]).to.deep.equal([1.0, 3.1]);
      expect([Math.min(...distances('parks')), Math.max(...distances('parks'))]).to.deep.equal([2.7, 5.3]);
    });

    it('has two lenders and two partners', () => {
      expect(content.lenders).to.have.length(2);
      expect(content.partners).to.have.length(2);
    });

    it('has a features PDF for mobile that differs from the one for desktop', () => {
      expect(content.media.features.mobilePdf).to.match(/\.pdf$/);
      expect(content.media.features.desktopPdf).to.match(/\.pdf$/);
      expect(content.media.features.mobilePdf).to.not.equal(content.media.features.desktopPdf);
    });
  });
});
