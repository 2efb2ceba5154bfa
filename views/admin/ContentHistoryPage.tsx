import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { ScrollRegion } from './ScrollRegion.js';

interface ContentHistoryPageProps {
  communityName: string;
  staff: StaffViewer;
  section: { id: string; title: string };
  /** The published version in force. */
  current: number;
  versions: { version: number; at: string; by: string }[];
  /** A version compared field by field with the published one (?compare=n). */
  comparison?: { version: number; rows: { path: string; label: string; then: string; now: string }[] };
  notFound: boolean;
  /** Where the section is edited (ContentListPage's base). */
  base?: string;
}

/** GET /admin/content/<id>/history: who published what when, a comparison with the current version, restore. */
export function ContentHistoryPage(props: ContentHistoryPageProps) {
  const { section, staff, comparison } = props;
  const base = props.base ?? '/admin/content';
  return (
    <AdminLayout communityName={props.communityName} staff={staff} path="/admin/content">
      <p className="content-breadcrumb">
        <a href={base}>Content</a> › <a href={`${base}/${section.id}`}>{section.title}</a> › History
      </p>
      <h1>History: {section.title}</h1>
      <p>
        Every version ever published, newest first. Restoring one makes it the draft; nothing is published by itself.
      </p>
      {props.notFound ? (
        <p className="alert alert-error" role="alert">
          That version was never published.
        </p>
      ) : null}
      {comparison ? (
        <section aria-labelledby="comparison-heading" className="content-comparison">
          <h2 id="comparison-heading">
            Version {comparison.version} compared with the published version {props.current}
          </h2>
          {comparison.rows.length === 0 ? (
            <p>They are the same.</p>
          ) : (
            <>
              <p>
                {comparison.rows.length} {comparison.rows.length === 1 ? 'field differs' : 'fields differ'}.
              </p>
              <ScrollRegion labelledBy="comparison-heading">
                <table className="content-diff">
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Version {comparison.version}</th>
                      <th scope="col">Published now (version {props.current})</th>
                    </tr>
                  </thead>
                  <tbody>
                    {comparison.rows.map((row) => (
                      <tr key={row.path}>
                        <th scope="row">
                          {row.label}
                          <span className="content-path">{row.path}</span>
                        </th>
                        <td data-label={`Version ${comparison.version}`}>{row.then}</td>
                        <td data-label="Published now">{row.now}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            </>
          )}
        </section>
      ) : null}
      <section aria-labelledby="versions-heading">
        <h2 id="versions-heading">Published versions</h2>
        <ol className="content-versions">
          {props.versions.map((version) => (
            <li key={version.version} className="content-version">
              <p>
                <strong>{`Version ${version.version}`}</strong>
                {`${version.version === props.current ? ' (published now)' : ''}: ${version.at}${version.by ? ` by ${version.by}` : ''}`}
              </p>
              {version.version === props.current ? null : (
                <div className="content-version-actions">
                  <a
                    className="button button-small"
                    href={`${base}/${section.id}/history?compare=${version.version}#comparison-heading`}
                  >
                    Compare with current<span className="visually-hidden"> (version {version.version})</span>
                  </a>
                  <form method="post" action={`${base}/${section.id}/versions/${version.version}/restore`}>
                    <input type="hidden" name="_csrf" value={staff.csrfToken} />
                    <button type="submit" className="button button-small">
                      Restore as draft<span className="visually-hidden"> (version {version.version})</span>
                    </button>
                  </form>
                </div>
              )}
            </li>
          ))}
        </ol>
      </section>
    </AdminLayout>
  );
}
