import { expect } from 'chai';
import { ALL_COMMUNITIES, inScope, NO_COMMUNITIES, scopeOf } from '../../src/shared/staff-scope.js';

describe('staff scope: an account’s communities', () => {
  it('gives owners every community, whatever their list', () => {
    expect(scopeOf({ role: 'owner', allCommunities: false }, [2])).to.equal(ALL_COMMUNITIES);
  });

  it('gives an account with all communities every one, and a limited account its list, sorted once each', () => {
    expect(scopeOf({ role: 'sales', allCommunities: true }, [])).to.equal(ALL_COMMUNITIES);
    expect(scopeOf({ role: 'sales', allCommunities: false }, [3, 1, 3])).to.deep.equal({
      all: false,
      communities: [1, 3],
    });
    expect(scopeOf({ role: 'marketing', allCommunities: false }, [])).to.deep.equal(NO_COMMUNITIES);
  });

  it('reaches builder-wide rows (no community) only with every community', () => {
    const limited = scopeOf({ role: 'sales', allCommunities: false }, [1]);
    expect(inScope(limited, 1)).to.equal(true);
    expect(inScope(limited, 2)).to.equal(false);
    expect(inScope(limited, null)).to.equal(false);
    expect(inScope(ALL_COMMUNITIES, null)).to.equal(true);
    expect(inScope(ALL_COMMUNITIES, 7)).to.equal(true);
    expect(inScope(NO_COMMUNITIES, 1)).to.equal(false);
  });
});
