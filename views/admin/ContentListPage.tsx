import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import type { ContentSectionState } from './ContentEditorPage.js';

interface ListedSection {
  id: string;
  title: string;
  summary: string;
  state: ContentSectionState;
  /** Where this section is edited when not at the list's own base (a community's section: its address). */
  base?: string;
  /** A community's own section, on a list that shows the builder's and the chosen community's apart. */
  scope?: 'community';
}

interface ContentListPageProps {
  communityName: string;
  staff: StaffViewer;
  sections: ListedSection[];
  timeZone: string;
  /** Where these sections are edited: /admin/content, or a community's /admin/communities/<slug>/content. */
  base?: string;
  /**
   * On an install of several communities: the community the person works in. The list then shows the builder's
   * sections (shared by every community) and that community's own apart, each linking where it is edited.
   */
  chosenCommunity?: string;
}

function SectionCards({ sections, base, heading }: { sections: ListedSection[]; base: string; heading: 'h2' | 'h3' }) {
  const Heading = heading;
  return (
    <ul className="content-sections">
      {sections.map((section) => {
        const at = section.base ?? base;
        return (
          <li key={section.id} className="content-section-card">
            <Heading>
              <a href={`${at}/${section.id}`}>{section.title}</a>
            </Heading>
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
              <a href={`${at}/${section.id}/history`}>
                History<span className="visually-hidden"> of {section.title}</span>
              </a>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** GET /admin/content: every section with what is published, drafted and scheduled, each a link to its editor. */
export function ContentListPage({
  communityName,
  staff,
  sections,
  timeZone,
  base = '/admin/content',
  chosenCommunity,
}: ContentListPageProps) {
  const builderWide = sections.filter((section) => section.scope !== 'community');
  const own = sections.filter((section) => section.scope === 'community');
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/content">
      <h1>Content</h1>
      <p>
        Everything the public site says, in sections. Edit a section, save a draft, preview it, then publish it now or
        at a time you choose ({timeZone} time). Buyers see only what is published.
      </p>
      {chosenCommunity === undefined ? (
        <SectionCards sections={sections} base={base} heading="h2" />
      ) : (
        <>
          <section aria-labelledby="builder-sections">
            <h2 id="builder-sections">Builder-wide: shared by every community</h2>
            <SectionCards sections={builderWide} base={base} heading="h3" />
          </section>
          {own.length > 0 ? (
            <section aria-labelledby="community-sections">
              <h2 id="community-sections">{chosenCommunity} only</h2>
              <p>Every community has its own of these sections: these are {chosenCommunity}’s.</p>
              <SectionCards sections={own} base={base} heading="h3" />
            </section>
          ) : null}
        </>
      )}
    </AdminLayout>
  );
}
