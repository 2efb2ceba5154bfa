import { AdminLayout, type StaffViewer } from './AdminLayout.js';

interface SitePlanUploadPageProps {
  communityName: string;
  staff: StaffViewer;
  community: { slug: string; name: string };
  /** How many lots its outlines have now (0 before the first upload). */
  lots: number;
  /** What was wrong with the files sent, each in a sentence. */
  errors: string[];
}

/**
 * GET /admin/communities/<slug>/site-plan: the drawing and the lot outlines uploaded together, as a plain form (the
 * way without JavaScript). Every problem of a refused upload is listed; nothing is changed then.
 */
export function SitePlanUploadPage({ communityName, staff, community, lots, errors }: SitePlanUploadPageProps) {
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/communities">
      <p className="content-breadcrumb">
        <a href="/admin/communities">Communities</a> ›{' '}
        <a href={`/admin/communities/${community.slug}`}>{community.name}</a> › Site plan
      </p>
      <h1>Site plan of {community.name}</h1>
      <p>
        {lots > 0 ? `Its outlines have ${lots} lots now. Uploading new files replaces them.` : 'No site plan yet.'} The
        drawing is an image (JPEG, PNG, WebP or SVG); the outlines are an SVG drawn over it, with the same proportions
        in its viewBox, one closed shape per lot with the id lot-1, lot-2 and so on. Every new lot gets a homesite,
        status “future”, to fill in on the Homesites page.
      </p>
      <p>
        No outlines file? Upload the drawing alone and{' '}
        <a href={`/admin/communities/${community.slug}/outlines`}>draw the lots in the browser</a>: a drawing alone
        keeps the lots drawn so far when its proportions are the same.
      </p>
      {errors.length > 0 ? (
        <div className="alert alert-error" role="alert" tabIndex={-1} id="site-plan-problems">
          <p>Nothing was changed. Please fix:</p>
          <ul>
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form
        method="post"
        action={`/admin/communities/${community.slug}/site-plan`}
        encType="multipart/form-data"
        className="staff-form"
      >
        <input type="hidden" name="_csrf" value={staff.csrfToken} />
        <div className="field">
          <label htmlFor="site-plan-drawing">Drawing</label>
          <input
            id="site-plan-drawing"
            type="file"
            name="drawing"
            accept="image/jpeg,image/png,image/webp,image/svg+xml"
            required
          />
        </div>
        <div className="field">
          <label htmlFor="site-plan-outlines">Lot outlines (SVG, optional)</label>
          <input id="site-plan-outlines" type="file" name="outlines" accept="image/svg+xml,.svg" />
        </div>
        <button type="submit" className="button button-primary">
          Upload the site plan
        </button>
      </form>
    </AdminLayout>
  );
}
