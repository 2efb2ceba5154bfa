import { COMMUNITY_STATUS_LABELS, type CommunityStatusName } from '../../src/shared/community-status.js';
import type { EditorNotice } from '../../src/shared/editor-notice.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { Notice } from './FormField.js';
import { missingSteps, type SetupStep } from '../../src/shared/setup-steps.js';

export const STATUS_LABELS: Record<CommunityStatusName, string> = COMMUNITY_STATUS_LABELS;

interface CommunityChecklistPageProps {
  communityName: string;
  staff: StaffViewer;
  community: { slug: string; name: string; status: CommunityStatusName; public: boolean; url: string };
  steps: readonly SetupStep[];
  /** Publishing and changing the status (marketing and owners); sales reads the checklist. */
  mayChange: boolean;
  /** Only owners close a community. */
  mayClose: boolean;
  notice?: EditorNotice;
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * GET /admin/communities/<slug>: each step done or missing with a link to do it, publish once nothing is missing,
 * and the status. Plain forms: it works without JavaScript.
 */
export function CommunityChecklistPage(props: CommunityChecklistPageProps) {
  const { staff, community, steps } = props;
  const missing = missingSteps(steps);
  // The public pages each step feeds, in the staff preview (drafts in place).
  const previewOf = (path: string) =>
    `/preview${community.url === '/' ? '' : community.url}${path}`.replace(/\/$/, '') || '/preview/';
  const statuses = (Object.keys(COMMUNITY_STATUS_LABELS) as CommunityStatusName[]).filter(
    (status) => status !== 'closed' || props.mayClose || community.status === 'closed',
  );
  return (
    <AdminLayout communityName={props.communityName} staff={staff} path="/admin/communities">
      <p className="content-breadcrumb">
        <a href="/admin/communities">Communities</a> › {community.name}
      </p>
      <h1>{community.name}</h1>
      <Notice notice={props.notice} />
      <p>
        {community.public ? (
          <>
            Public at <a href={community.url}>{community.url}</a>.
          </>
        ) : (
          'Not public yet.'
        )}{' '}
        Status: {STATUS_LABELS[community.status]}.{' '}
        <a href={`/preview${community.url === '/' ? '/' : community.url}`}>Preview its pages</a>
        {' · '}
        <a href={`/admin/communities/${community.slug}/content`}>All its content</a>
      </p>
      <h2 id="checklist-heading">Checklist</h2>
      <ul className="checklist" aria-labelledby="checklist-heading">
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'step-done' : step.optional ? 'step-optional' : 'step-missing'}>
            <strong>{step.done ? 'Done' : step.optional ? 'Optional' : 'Missing'}:</strong> {sentenceCase(step.label)}.{' '}
            {props.mayChange && step.id === 'images' ? (
              // The photo editor works in the community chosen in the staff bar: choose this one on the way.
              <form method="post" action="/admin/community" className="inline-form">
                <input type="hidden" name="_csrf" value={staff.csrfToken} />
                <input type="hidden" name="community" value={community.slug} />
                <input type="hidden" name="back" value={step.href} />
                <button type="submit" className="link-button">
                  {step.done ? 'Change them' : 'Add them'}
                </button>
              </form>
            ) : props.mayChange ? (
              <a href={step.href}>{step.done ? 'Change it' : 'Do it'}</a>
            ) : null}
            {' · '}
            <a href={previewOf(step.feeds)}>
              Preview<span className="visually-hidden"> {`the page it feeds (${step.label})`}</span>
            </a>
            {props.mayChange && step.id === 'site-plan' ? (
              <>
                {' · '}
                <a href={`/admin/communities/${community.slug}/outlines`}>Draw the lots in the browser</a>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {community.public ? null : missing.length > 0 ? (
        <p>It can be published once nothing is missing: {missing.map((step) => step.label).join(', ')}.</p>
      ) : props.mayChange ? (
        <form method="post" action={`/admin/communities/${community.slug}/publish`}>
          <input type="hidden" name="_csrf" value={staff.csrfToken} />
          <button type="submit" className="button button-primary">
            Publish {community.name}
          </button>
        </form>
      ) : (
        <p>Nothing is missing: marketing or an owner can publish it.</p>
      )}
      {props.mayChange ? (
        <>
          <h2>Status</h2>
          <form method="post" action={`/admin/communities/${community.slug}/status`} className="staff-form">
            <input type="hidden" name="_csrf" value={staff.csrfToken} />
            <fieldset>
              <legend>Where {community.name} stands</legend>
              {statuses.map((status) => (
                <div key={status}>
                  <input
                    type="radio"
                    id={`status-${status}`}
                    name="status"
                    value={status}
                    defaultChecked={status === community.status}
                  />
                  <label htmlFor={`status-${status}`}>{STATUS_LABELS[status]}</label>
                </div>
              ))}
            </fieldset>
            <button type="submit" className="button">
              Change the status
            </button>
          </form>
        </>
      ) : null}
    </AdminLayout>
  );
}
