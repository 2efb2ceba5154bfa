import type { EditorNotice } from '../../src/shared/editor-notice.js';
import type { OutlineLot } from '../../src/shared/outline-geometry.js';
import { Widget } from '../../src/render/widget.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { Notice } from './FormField.js';

interface OutlineEditorPageProps {
  communityName: string;
  staff: StaffViewer;
  community: { slug: string; name: string };
  /** The community's own drawing (its viewBox size), or none uploaded yet. */
  drawing?: { src: string; width: number; height: number };
  lots: OutlineLot[];
  notice?: EditorNotice;
}

/**
 * GET /admin/communities/<slug>/outlines: the lot outlines drawn over the community's site-plan drawing (decision
 * 054). The server renders the drawing, its outlines and the table of lots; the editor widget draws with them.
 */
export function OutlineEditorPage({ communityName, staff, community, drawing, lots, notice }: OutlineEditorPageProps) {
  const sitePlan = `/admin/communities/${community.slug}/site-plan`;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/communities">
      <p className="content-breadcrumb">
        <a href="/admin/communities">Communities</a> ›{' '}
        <a href={`/admin/communities/${community.slug}`}>{community.name}</a> › Lot outlines
      </p>
      <h1>Lot outlines of {community.name}</h1>
      <Notice notice={notice} />
      {drawing ? (
        <>
          <p>
            Draw each lot over the site-plan drawing and give it its number; lots run from 1 without a gap. Saving gives
            every new lot a homesite, status “future”, to fill in on the Homesites page. Without JavaScript, upload the
            outlines as an SVG file on the <a href={sitePlan}>site-plan page</a>.
          </p>
          <Widget name="OutlineEditor" props={{ slug: community.slug, csrfToken: staff.csrfToken, drawing, lots }} />
        </>
      ) : (
        <p>
          {community.name} has no site-plan drawing of its own yet. Upload the drawing on the{' '}
          <a href={sitePlan}>site-plan page</a> (the outlines file may be left out), then draw its lots here.
        </p>
      )}
    </AdminLayout>
  );
}
