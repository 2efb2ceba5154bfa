import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import type { ContentSectionState } from './ContentEditorPage.js';

interface ContentListPageProps {
  communityName: string;
  staff: StaffViewer;
  sections: { id: string; title: string; summary: string; state: ContentSectionState }[];
  timeZone: string;
  /** Where these sections are edited: /admin/content, or a community's /admin/communities/<slug>/content. */
  base?: string;
}

/** GET /admin/content: every section with what is published, drafted and scheduled, each a link to its editor. */
export function ContentListPage({
  communityName,
  staff,
  sections,
  timeZone,
  base = '/admin/content',
}: ContentListPageProps) {
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/content">
      <h1>Content</h1>
      <p>
        Everything the public site says, in sections. Edit a section, save a draft, preview it, then publish it now or
        at a time you choose ({timeZone} time). Buyers see only what is published.
      </p>
      <ul className="content-sections">
        {sections.map((section) => (
          <li key={section.id} className="content-section-card">
            <h2>
              <a href={`${base}/${section.id}`}>{section.title}</a>
            </h2>
            <p>{section.summary}</p>
            <dl className="content-section-state">
              <div>
                <dt>Published</dt>
                <dd>
                  {`Version ${section.state.published.version}${section.state.published.at ? `, ${section.state.published.at}` : ''}${section.state.published.by ? ` by ${section.state.published.by}` : ''}`}
                </dd>
              </div>
              <div>
                <dt>Draft</dt>
                <dd>
                  {section.state.draft
                    ? `Yes: version ${section.state.draft.version}, saved ${section.state.draft.at} by ${section.state.draft.by}`
                    : 'No'}
                </dd>
              </div>
              <div>
                <dt>Scheduled</dt>
                <dd>
                  {section.state.scheduled
                    ? `Version ${section.state.scheduled.version} at ${section.state.scheduled.at}`
                    : 'No'}
                </dd>
              </div>
            </dl>
            <p className="content-section-links">
              <a href={`${base}/${section.id}/history`}>
                History<span className="visually-hidden"> of {section.title}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </AdminLayout>
  );
}
