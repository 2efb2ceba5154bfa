import { expect } from 'chai';
import { community } from '../../src/content/community.js';
import { ContentError, validateContent } from '../../src/content/index.js';

/** The floor-plan facts the pages and the drawings share: the schema keeps them whole and consistent. */

type Mutable = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function problemsWith(change: (plan: Mutable) => void): string {
  const draft = structuredClone(community) as Mutable;
  change(draft.floorPlans[0]);
  try {
    validateContent(draft);
  } catch (error) {
    expect(error).to.be.instanceOf(ContentError);
    return (error as Error).message;
  }
  return expect.fail('validateContent accepted the change');
}

describe('Floor-plan facts in the content', () => {
  it('rejects a total square footage that is not the sum of the levels', () => {
    expect(problemsWith((plan) => (plan.squareFeet += 100))).to.include(
      'content.floorPlans.0.squareFeet: must equal the sum of the levels (2450)',
    );
  });

  it('rejects a two-story plan without an upper level', () => {
    expect(
      problemsWith((plan) => {
        plan.levels = plan.levels.slice(0, 1);
        plan.squareFeet = plan.levels[0].squareFeet;
      }),
    ).to.include('content.floorPlans.0.levels: must hold an upper level exactly when the plan has two stories');
  });

  it('rejects levels that do not start with the main level', () => {
    expect(problemsWith((plan) => plan.levels.reverse())).to.include(
      'content.floorPlans.0.levels.0.level: must be main',
    );
  });

  it('rejects a bath count that is not in halves', () => {
    expect(problemsWith((plan) => (plan.baths = 2.25))).to.include('content.floorPlans.0.baths');
  });

  it('rejects a plan without a study flag or a number of garage bays', () => {
    const message = problemsWith((plan) => {
      delete plan.study;
      delete plan.garageBays;
    });
    expect(message).to.include('content.floorPlans.0.study');
    expect(message).to.include('content.floorPlans.0.garageBays');
  });

  it('rejects a level without its drawing', () => {
    expect(problemsWith((plan) => delete plan.levels[1].drawing)).to.include('content.floorPlans.0.levels.1.drawing');
  });
});
