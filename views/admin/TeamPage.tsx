import type { ReactNode } from 'react';
import type { EditorNotice } from '../../src/shared/editor-notice.js';
import { ROLE_LABELS, ROLES, type Role } from '../../src/shared/permissions.js';
import { SIGN_IN_PASSWORD_MAX_LENGTH } from '../../src/shared/staff-credentials.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { FormField, Notice } from './FormField.js';
import { ScrollRegion } from './ScrollRegion.js';

export interface TeamMemberView {
  username: string;
  role: Role;
  active: boolean;
  twoFactor: boolean;
  /** Formatted in the community's zone, or null: never signed in. */
  lastSignIn: string | null;
  email: string | null;
  /** Leads this account owns that are still open (not closed, lost or spam). */
  openLeads: number;
  /** The person's display name, or their username until they set one. */
  displayName: string;
  /** The communities the account works in: all (owners always), or these slugs. */
  communities: 'all' | string[];
}

export interface InvitationView {
  id: number;
  email: string;
  role: Role;
  invitedBy: string;
  expires: string;
}

interface TeamPageProps {
  communityName: string;
  staff: StaffViewer;
  members: TeamMemberView[];
  invitations: InvitationView[];
  twoFactorRequired: boolean;
  /** New leads are given out in turn among the active sales accounts. */
  autoAssign: boolean;
  /** Staff mail is configured: invitations are e-mailed. */
  mail: boolean;
  notice?: EditorNotice;
  /** The link of the invitation just made, to pass on (always shown: the e-mail may be slow or filtered). */
  link?: string;
  invitation?: { email: string; role: string; errors: Record<string, string> };
  /** A refused two-factor reset: whose, and the message under that form's password field. */
  resetRefused?: { username: string; password: string };
  /** The accounts that take leads (active sales and owners): where a departing person's open leads may go. */
  leadTakers: string[];
  /** New leads go in turn now: a departing person's open leads go the same way unless the owner chooses. */
  autoAssignDefault: boolean;
  /** The install's communities, for choosing each account's (wave 4). */
  communities?: { slug: string; name: string }[];
}

/** An account's communities in words, and (for an account that is not an owner) checkboxes to choose them. */
function MemberCommunities({
  member,
  communities,
  hidden,
}: {
  member: TeamMemberView;
  communities: { slug: string; name: string }[];
  hidden: ReactNode;
}) {
  const chosen = member.communities;
  const names =
    chosen === 'all'
      ? 'All communities'
      : communities
          .filter((community) => chosen.includes(community.slug))
          .map((community) => community.name)
          .join(', ');
  if (member.role === 'owner' || communities.length < 2) return <>{names}</>;
  const id = `communities-${member.username}`;
  return (
    <details>
      <summary>
        {names}
        <span className="visually-hidden">: change the communities of {member.username}</span>
      </summary>
      <form method="post" action={`/admin/team/${encodeURIComponent(member.username)}`}>
        {hidden}
        <input type="hidden" name="change" value="communities" />
        <fieldset>
          <legend>Communities of {member.username}</legend>
          <div>
            <input type="checkbox" id={`${id}-all`} name="communities" value="all" defaultChecked={chosen === 'all'} />
            <label htmlFor={`${id}-all`}>All communities, and those opened later</label>
          </div>
          {communities.map((community) => (
            <div key={community.slug}>
              <input
                type="checkbox"
                id={`${id}-${community.slug}`}
                name="communities"
                value={community.slug}
                defaultChecked={chosen !== 'all' && chosen.includes(community.slug)}
              />
              <label htmlFor={`${id}-${community.slug}`}>{community.name}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="button">
          Set communities
        </button>
      </form>
    </details>
  );
}

function RoleSelect({ id, name, value }: { id: string; name: string; value?: string }) {
  return (
    <select id={id} name={name} defaultValue={value ?? 'sales'}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/**
 * The owner's team page: who has an account, their role and state, invitations, the two-factor requirement and
 * whether new leads are given out in turn.
 */
/**
 * A team-wide setting that is on or off: what it does now (`says`, when on and when off) and a button that turns it
 * the other way (`buttons`, when on and when off), posting `name` as the new state.
 */
function SwitchPanel(props: {
  id: string;
  heading: string;
  on: boolean;
  says: [string, string];
  action: string;
  name: string;
  buttons: [string, string];
  hidden: ReactNode;
}) {
  const pick = ([whenOn, whenOff]: [string, string]) => (props.on ? whenOn : whenOff);
  return (
    <section className="upload-panel" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.heading}</h2>
      <p>{pick(props.says)}</p>
      <form method="post" action={props.action} className="upload-form">
        {props.hidden}
        <input type="hidden" name={props.name} value={props.on ? 'false' : 'true'} />
        <button type="submit" className="button">
          {pick(props.buttons)}
        </button>
      </form>
    </section>
  );
}

/** Where a departing person's open leads go: asked on the deactivation form, only when there are some. */
function LeadsToSelect(props: { username: string; openLeads: number; takers: string[]; rotation: boolean }) {
  const id = `leads-to-${props.username}`;
  return (
    <>
      <label htmlFor={id}>{`${props.openLeads} open ${props.openLeads === 1 ? 'lead goes' : 'leads go'} to`}</label>
      <select id={id} name="leadsTo" defaultValue={props.rotation ? 'rotation' : 'unassigned'}>
        <option value="unassigned">Nobody (unassigned)</option>
        <option value="rotation">The sales accounts in turn</option>
        {props.takers.map((name) => (
          <option key={name} value={`account:${name}`}>
            {name}
          </option>
        ))}
      </select>
    </>
  );
}

export function TeamPage(props: TeamPageProps) {
  const { communityName, staff, members, invitations, notice, link, invitation } = props;
  const hidden = <input type="hidden" name="_csrf" value={staff.csrfToken} />;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/team">
      <h1>Team</h1>
      <Notice notice={notice} />
      {link ? (
        <p className="alert alert-success" role="status">
          Invitation link (works once, for 72 hours): <code className="invitation-link">{link}</code>
        </p>
      ) : null}
      <section aria-labelledby="members-heading">
        <h2 id="members-heading">Accounts</h2>
        <ScrollRegion labelledBy="members-heading">
          <table className="team-table team-members">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Two-factor</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Communities</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.username} id={`member-${member.username}`}>
                  <th scope="row">
                    {member.displayName}
                    {member.displayName !== member.username ? (
                      <span className="team-email">{member.username}</span>
                    ) : null}
                    {member.email ? <span className="team-email">{member.email}</span> : null}
                  </th>
                  <td data-label="Role">{ROLE_LABELS[member.role]}</td>
                  <td data-label="State">{member.active ? 'Active' : 'Deactivated'}</td>
                  <td data-label="Two-factor">{member.twoFactor ? 'On' : 'Off'}</td>
                  <td data-label="Last sign-in">{member.lastSignIn ?? 'Never'}</td>
                  <td data-label="Communities">
                    <MemberCommunities member={member} communities={props.communities ?? []} hidden={hidden} />
                  </td>
                  <td data-label="Change">
                    <div className="team-actions">
                      <form method="post" action={`/admin/team/${encodeURIComponent(member.username)}`}>
                        {hidden}
                        <label htmlFor={`role-${member.username}`} className="visually-hidden">
                          Role of {member.username}
                        </label>
                        <RoleSelect id={`role-${member.username}`} name="role" value={member.role} />
                        <button type="submit" className="button">
                          Set role
                        </button>
                      </form>
                      {member.twoFactor && member.username !== staff.username ? (
                        <details open={props.resetRefused?.username === member.username || undefined}>
                          <summary>
                            Reset two-factor<span className="visually-hidden"> of {member.username}</span>
                          </summary>
                          <form
                            method="post"
                            action={`/admin/team/${encodeURIComponent(member.username)}/two-factor/reset`}
                            className="upload-form"
                          >
                            {hidden}
                            <p>
                              For a lost phone: their app, passkeys and recovery codes go, and every session of theirs
                              ends. They sign in with their password and set it up again.
                            </p>
                            <FormField
                              id={`reset-${member.username}-password`}
                              label="Your current password"
                              name="password"
                              type="password"
                              autoComplete="current-password"
                              maxLength={SIGN_IN_PASSWORD_MAX_LENGTH}
                              error={
                                props.resetRefused?.username === member.username
                                  ? props.resetRefused.password
                                  : undefined
                              }
                              required
                            />
                            <button type="submit" className="button button-danger">
                              Reset two-factor<span className="visually-hidden"> of {member.username}</span>
                            </button>
                          </form>
                        </details>
                      ) : null}
                      <form method="post" action={`/admin/team/${encodeURIComponent(member.username)}`}>
                        {hidden}
                        <input type="hidden" name="active" value={member.active ? 'false' : 'true'} />
                        {member.active && member.openLeads > 0 ? (
                          <LeadsToSelect
                            username={member.username}
                            openLeads={member.openLeads}
                            takers={props.leadTakers.filter((name) => name !== member.username)}
                            rotation={props.autoAssignDefault}
                          />
                        ) : null}
                        <button type="submit" className={member.active ? 'button button-danger' : 'button'}>
                          {member.active ? 'Deactivate' : 'Reactivate'}
                          <span className="visually-hidden"> {member.username}</span>
                        </button>
                      </form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
      <section className="upload-panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <p>
          {props.mail
            ? 'The invitation is e-mailed; its link is also shown here to pass on.'
            : 'This site sends no e-mail yet (SMTP_URL): pass the link shown after inviting on yourself.'}{' '}
          The link works once, for 72 hours.
        </p>
        <form method="post" action="/admin/team/invitations" className="upload-form">
          {hidden}
          <FormField
            id="invite-email"
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            defaultValue={invitation?.email}
            error={invitation?.errors.email}
            required
          />
          <label htmlFor="invite-role">Role</label>
          <RoleSelect id="invite-role" name="role" value={invitation?.role} />
          {(props.communities ?? []).length > 1 ? (
            <fieldset aria-describedby={invitation?.errors.communities ? 'invite-communities-error' : undefined}>
              <legend>Communities (owners always have all)</legend>
              <div>
                <input type="checkbox" id="invite-communities-all" name="communities" value="all" defaultChecked />
                <label htmlFor="invite-communities-all">All communities, and those opened later</label>
              </div>
              {(props.communities ?? []).map((community) => (
                <div key={community.slug}>
                  <input
                    type="checkbox"
                    id={`invite-communities-${community.slug}`}
                    name="communities"
                    value={community.slug}
                  />
                  <label htmlFor={`invite-communities-${community.slug}`}>{community.name}</label>
                </div>
              ))}
              {invitation?.errors.communities ? (
                <span id="invite-communities-error" className="field-error">
                  {invitation.errors.communities}
                </span>
              ) : null}
            </fieldset>
          ) : null}
          <button type="submit" className="button button-accent">
            Invite
          </button>
        </form>
        {invitations.length > 0 ? (
          <>
            <h3>Waiting for an answer</h3>
            <ul className="team-invitations">
              {invitations.map((item) => (
                <li key={item.id} id={`invitation-${item.id}`} className="team-actions">
                  <span>
                    {item.email}, {ROLE_LABELS[item.role]}, invited by {item.invitedBy}; the link works until{' '}
                    {item.expires}
                  </span>
                  <form method="post" action={`/admin/team/invitations/${item.id}/revoke`}>
                    {hidden}
                    <button type="submit" className="button button-danger">
                      Withdraw<span className="visually-hidden"> the invitation of {item.email}</span>
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <SwitchPanel
        id="require-heading"
        heading="Two-factor for everyone"
        on={props.twoFactorRequired}
        says={[
          'Required: an account without two-factor reaches only its account page, where it sets it up.',
          'Not required: each person chooses.',
        ]}
        action="/admin/team/two-factor-requirement"
        name="required"
        buttons={['Stop requiring two-factor', 'Require two-factor for everyone']}
        hidden={hidden}
      />
      <SwitchPanel
        id="auto-assign-heading"
        heading="New leads in turn"
        on={props.autoAssign}
        says={[
          'On: each new lead from the website goes to the next active sales account in turn (by username), or to the owner the same buyer already has; its staff e-mail goes to that person, with the sales address in copy.',
          'Off: new leads arrive without an owner; give each one an owner on its page.',
        ]}
        action="/admin/team/auto-assign"
        name="enabled"
        buttons={['Stop giving out new leads', 'Give out new leads in turn']}
        hidden={hidden}
      />
    </AdminLayout>
  );
}
