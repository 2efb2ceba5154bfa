import { expect } from 'chai';
import { areaOf, mayVisit } from '../../src/shared/permissions.js';

describe('The permission table for communities', () => {
  it('lets owners alone open a community, while owners and marketing read the list as JSON', () => {
    expect(areaOf('/admin/communities', 'POST')).to.equal('community-create');
    expect(areaOf('/admin/communities/new')).to.equal('community-create');
    expect(areaOf('/admin/communities.json')).to.equal('communities');
    expect(mayVisit('marketing', '/admin/communities', 'POST')).to.equal(false);
    expect(mayVisit('marketing', '/admin/communities.json')).to.equal(true);
    expect(mayVisit('sales', '/admin/communities.json')).to.equal(false);
  });

  it('lets sales read the list and a checklist, and nothing below it', () => {
    expect(mayVisit('sales', '/admin/communities')).to.equal(true);
    expect(mayVisit('sales', '/admin/communities/cedar-ridge')).to.equal(true);
    expect(mayVisit('sales', '/admin/communities/cedar-ridge', 'HEAD')).to.equal(true);
    expect(mayVisit('sales', '/admin/communities/cedar-ridge/publish', 'POST')).to.equal(false);
    expect(mayVisit('sales', '/admin/communities/cedar-ridge/status', 'POST')).to.equal(false);
    expect(mayVisit('marketing', '/admin/communities/cedar-ridge/publish', 'POST')).to.equal(true);
  });

  it('puts a community’s content in the content area, whatever the slug', () => {
    expect(areaOf('/admin/communities/cedar-ridge/content/tours.json')).to.equal('content');
    expect(areaOf('/admin/communities/new/content/tours', 'PUT')).to.equal('content');
    expect(mayVisit('sales', '/admin/communities/cedar-ridge/content/tours')).to.equal(false);
  });

  it('matches a slug as one whole segment only', () => {
    expect(areaOf('/admin/communities/a.b')).to.equal('communities');
    expect(areaOf('/admin/communities/a/b')).to.equal('communities');
    expect(areaOf('/admin/communities/a/contents')).to.equal('communities');
  });

  it('judges the other areas as before, for every method', () => {
    expect(areaOf('/admin/team/mara', 'POST')).to.equal('team');
    expect(areaOf('/admin/content/builder', 'DELETE')).to.equal('content');
    expect(areaOf('/admin/nowhere')).to.equal(undefined);
  });
});
