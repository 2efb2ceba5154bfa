import { expect } from 'chai';
import { parseCommunityChoice, slugsOf } from '../../src/services/account-communities.js';
import { communityUrl, parseNewCommunity } from '../../src/services/community-setup.js';
import type { Community } from '../../src/services/community-directory.js';

const FIELDS = {
  slug: 'cedar-ridge',
  name: 'Cedar Ridge',
  street: '100 Cedar Ridge Way',
  city: 'Loveland',
  state: 'CO',
  zip: '80538',
  lat: 40.3978,
  lng: -105.0749,
  timeZone: 'America/Denver',
};

describe('parseNewCommunity', () => {
  it('takes a call’s numbers and a form’s text alike', () => {
    expect(parseNewCommunity(FIELDS)).to.deep.equal({ ok: true, value: FIELDS });
    const fromForm = parseNewCommunity({ ...FIELDS, lat: '40.3978', lng: '-105.0749', state: 'co' });
    expect(fromForm).to.deep.equal({ ok: true, value: FIELDS });
  });

  it('names every bad field at once, in plain words', () => {
    const parsed = parseNewCommunity({ ...FIELDS, slug: '-x', name: '', zip: 'abc', lng: 'west', timeZone: 'Denver' });
    expect(parsed.ok).to.equal(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((problem) => problem.field)).to.deep.equal(['slug', 'name', 'zip', 'lng', 'timeZone']);
    expect(parsed.problems.find((problem) => problem.field === 'name')?.message).to.equal('Name is required.');
    for (const problem of parsed.problems) expect(problem.message).to.not.match(/[{}[\]^$]/);
  });

  it('keeps "new" free: it is the new-community form’s address', () => {
    const parsed = parseNewCommunity({ ...FIELDS, slug: 'new' });
    expect(parsed.ok || parsed.problems.map((problem) => problem.field)).to.deep.equal(['slug']);
  });
});

describe('parseCommunityChoice', () => {
  const communities = [
    { id: 1, slug: 'maple-hollow' },
    { id: 2, slug: 'cedar-ridge' },
  ];

  it('reads "all", a list, a form’s single value and its "all" box', () => {
    expect(parseCommunityChoice('all', communities)).to.deep.equal({ ok: true, ids: 'all' });
    expect(parseCommunityChoice(['cedar-ridge'], communities)).to.deep.equal({ ok: true, ids: [2] });
    expect(parseCommunityChoice('cedar-ridge', communities)).to.deep.equal({ ok: true, ids: [2] });
    expect(parseCommunityChoice(['cedar-ridge', 'all'], communities)).to.deep.equal({ ok: true, ids: 'all' });
  });

  it('names each unknown slug, and refuses none at all', () => {
    const unknown = parseCommunityChoice(['atlantis', 'cedar-ridge', 'lemuria'], communities);
    expect(unknown).to.deep.equal({ ok: false, message: 'There is no community “atlantis”, “lemuria”.' });
    expect(parseCommunityChoice([], communities).ok).to.equal(false);
    expect(parseCommunityChoice(7, communities).ok).to.equal(false);
  });

  it('answers slugs back in the communities’ order', () => {
    expect(slugsOf([2, 1], communities)).to.deep.equal(['maple-hollow', 'cedar-ridge']);
    expect(slugsOf('all', communities)).to.equal('all');
  });
});

describe('communityUrl', () => {
  const community = (overrides: Partial<Community>): Community =>
    ({ slug: 'cedar-ridge', public: true, published_at: '2026-11-28T00:00:00Z', ...overrides }) as Community;

  it('is / for the one public community, and /communities/<slug> once there are two', () => {
    expect(communityUrl(community({}), false)).to.equal('/');
    expect(communityUrl(community({}), true)).to.equal('/communities/cedar-ridge');
  });

  it('is the future address of a community not public yet', () => {
    expect(communityUrl(community({ public: false, published_at: null }), false)).to.equal('/communities/cedar-ridge');
  });
});
