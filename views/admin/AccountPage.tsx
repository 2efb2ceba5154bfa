import type { ReactNode } from 'react';
import { CalendarFeedPanel, type CalendarFeedView } from './CalendarFeedPanel.js';
import type { EditorNotice } from '../../src/shared/editor-notice.js';
import { SIGN_IN_PASSWORD_MAX_LENGTH } from '../../src/shared/staff-credentials.js';
import { ROLE_LABELS } from '../../src/shared/permissions.js';
import { Widget } from '../../src/render/widget.js';
import { AdminLayout, type StaffViewer } from './AdminLayout.js';
import { FormField, Notice } from './FormField.js';
import { NewPasswordField } from './NewPasswordPage.js';
import { ScrollRegion } from './ScrollRegion.js';

export interface SessionView {
  device: string;
  address: string;
  lastSeen: string;
  current: boolean;
}

/** The forms that ask for the current password again (decision 042). */
export type ReauthForm = 'app-off' | 'app-replace' | 'recovery-codes' | 'email' | `passkey-${number}`;

export interface AccountPageProps {
  communityName: string;
  staff: StaffViewer;
  email: string | null;
  /** Null until set: the username is shown and signs replies then. */
  displayName: string | null;
  app: boolean;
  passkeys: { id: number; name: string; created: string; lastUsed: string | null }[];
  recoveryCodesLeft: number;
  /** The owner requires two-factor and this account has none: this page is all it can reach. */
  mustEnroll: boolean;
  /** An enrollment under way: the secret as text and its QR code (an SVG made on the server). */
  enrolling?: { secret: string; otpauthUrl: string; qrSvg: string; error?: string };
  /** Shown once, right after they were made. */
  recoveryCodes?: string[];
  sessions: SessionView[];
  notice?: EditorNotice;
  errors?: { current?: string; password?: string; email?: string; displayName?: string };
  /** The team calendar's address with this account's token, for the roles that see tours. */
  calendarFeed?: CalendarFeedView;
  /** A refused sensitive change: which form, and the messages for its password and code fields. */
  reauth?: { form: ReauthForm; password?: string; code?: string };
  /** The e-mail address as typed, when saving it was refused. */
  typedEmail?: string;
  typedDisplayName?: string;
}

/** The current password, asked again for one form's change; its message when that form was refused. */
function CurrentPassword({ form, reauth }: { form: ReauthForm; reauth: AccountPageProps['reauth'] }) {
  return (
    <FormField
      id={`${form}-password`}
      label="Your current password"
      name="password"
      type="password"
      autoComplete="current-password"
      maxLength={SIGN_IN_PASSWORD_MAX_LENGTH}
      error={reauth?.form === form ? reauth.password : undefined}
      required
    />
  );
}

/** The QR code and key of a new authenticator secret, and the form that confirms it (with the password to replace). */
function TotpEnrolment(props: {
  enrolling: NonNullable<AccountPageProps['enrolling']>;
  hidden: ReactNode;
  replacing: boolean;
  reauth: AccountPageProps['reauth'];
}) {
  const { enrolling, hidden } = props;
  return (
    <div className="totp-enroll">
      <p>Scan this code with your authenticator app, or type the key below into it, then enter the code it shows.</p>
      <figure className="totp-qr">
        <div
          role="img"
          aria-label="QR code of the authenticator key"
          dangerouslySetInnerHTML={{ __html: enrolling.qrSvg }}
        />
        <figcaption>
          Key: <code className="totp-secret">{enrolling.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </figcaption>
      </figure>
      <form method="post" action="/admin/account/two-factor/confirm" className="upload-form">
        {hidden}
        <FormField
          id="totp-code"
          label="Code from the app"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          error={enrolling.error}
          required
        />
        {props.replacing ? <CurrentPassword form="app-replace" reauth={props.reauth} /> : null}
        <button type="submit" className="button button-accent">
          {props.replacing ? 'Replace the app' : 'Turn on'}
        </button>
      </form>
    </div>
  );
}

export function AccountPage(props: AccountPageProps) {
  const { communityName, staff, notice, errors = {}, enrolling, reauth } = props;
  const hidden = <input type="hidden" name="_csrf" value={staff.csrfToken} />;
  const twoFactorOn = props.app || props.passkeys.length > 0;
  return (
    <AdminLayout communityName={communityName} staff={staff} path="/admin/account">
      <h1>Your account</h1>
      <p>
        Signed in as <strong>{staff.username}</strong>, role {ROLE_LABELS[staff.role]}.
      </p>
      <Notice notice={notice} />
      {props.mustEnroll ? (
        <p className="alert alert-error" role="alert">
          The owner requires two-factor sign-in: set up an authenticator app or a passkey below to reach the other staff
          pages.
        </p>
      ) : null}

      <section className="upload-panel" id="two-factor" aria-labelledby="two-factor-heading" tabIndex={-1}>
        <h2 id="two-factor-heading">Two-factor sign-in</h2>
        <p>{twoFactorOn ? 'On: a sign-in asks for a code or a passkey after the password.' : 'Off.'}</p>
        {props.recoveryCodes ? (
          <div className="recovery-codes" role="status">
            <p>
              <strong>Your recovery codes.</strong> Each works once, if your phone or passkey is not at hand. Keep them
              somewhere safe: they are not shown again.
            </p>
            <ul>
              {props.recoveryCodes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <h3>Authenticator app</h3>
        {props.app ? (
          <>
            <form method="post" action="/admin/account/two-factor/disable" className="upload-form">
              {hidden}
              <p>
                On. To turn it off, confirm with your password and a code from the app (or an unused recovery code).
              </p>
              <CurrentPassword form="app-off" reauth={reauth} />
              <FormField
                id="app-off-code"
                label="Code from the app, or a recovery code"
                name="code"
                type="text"
                autoComplete="one-time-code"
                maxLength={40}
                error={reauth?.form === 'app-off' ? reauth.code : undefined}
                required
              />
              <button type="submit" className="button button-danger">
                Turn off the authenticator app
              </button>
            </form>
            <h4>Move the app to a new phone</h4>
            {enrolling ? (
              <TotpEnrolment enrolling={enrolling} hidden={hidden} replacing reauth={reauth} />
            ) : (
              <form method="post" action="/admin/account/two-factor/start" className="upload-form">
                {hidden}
                <p>The old phone’s codes and your recovery codes stop working once the new one is confirmed.</p>
                <CurrentPassword form="app-replace" reauth={reauth} />
                <button type="submit" className="button">
                  Set up a new phone
                </button>
              </form>
            )}
          </>
        ) : enrolling ? (
          <TotpEnrolment enrolling={enrolling} hidden={hidden} replacing={false} reauth={reauth} />
        ) : (
          <form method="post" action="/admin/account/two-factor/start" className="upload-form">
            {hidden}
            <button type="submit" className="button button-accent">
              Set up an authenticator app
            </button>
          </form>
        )}

        <h3>Passkeys</h3>
        {props.passkeys.length === 0 ? (
          <p>None yet. A passkey (your device’s fingerprint, face or PIN, or a security key) cannot be phished.</p>
        ) : (
          <ul className="passkey-list">
            {props.passkeys.map((passkey) => (
              <li key={passkey.id}>
                <span>
                  {passkey.name}, added {passkey.created}
                  {passkey.lastUsed ? `, last used ${passkey.lastUsed}` : ''}
                </span>
                <details open={reauth?.form === `passkey-${passkey.id}` || undefined}>
                  <summary>
                    Remove<span className="visually-hidden"> {passkey.name}</span>
                  </summary>
                  <form method="post" action={`/admin/account/passkeys/${passkey.id}/delete`} className="upload-form">
                    {hidden}
                    <CurrentPassword form={`passkey-${passkey.id}`} reauth={reauth} />
                    <button type="submit" className="button button-danger">
                      Remove the passkey<span className="visually-hidden"> {passkey.name}</span>
                    </button>
                  </form>
                </details>
              </li>
            ))}
          </ul>
        )}
        <Widget
          name="PasskeyButton"
          props={{
            mode: 'register',
            optionsUrl: '/admin/account/passkeys/options',
            verifyUrl: '/admin/account/passkeys',
            label: 'Add a passkey',
            csrfToken: staff.csrfToken,
          }}
        />

        {twoFactorOn ? (
          <>
            <h3>Recovery codes</h3>
            <form method="post" action="/admin/account/two-factor/recovery-codes" className="upload-form">
              {hidden}
              <p>{props.recoveryCodesLeft} unused. New codes replace them all.</p>
              <CurrentPassword form="recovery-codes" reauth={reauth} />
              <button type="submit" className="button">
                Make new recovery codes
              </button>
            </form>
          </>
        ) : null}
      </section>

      {props.mustEnroll ? null : (
        // Until it enrolls, the account reaches nothing else (require-permission.ts): no form that would be refused.
        <>
          <section className="upload-panel" aria-labelledby="sessions-heading">
            <h2 id="sessions-heading">Where you are signed in</h2>
            <ScrollRegion labelledBy="sessions-heading">
              <table className="team-table">
                <thead>
                  <tr>
                    <th scope="col">Device</th>
                    <th scope="col">Address</th>
                    <th scope="col">Last seen</th>
                  </tr>
                </thead>
                <tbody>
                  {props.sessions.map((session, index) => (
                    <tr key={index}>
                      <td>
                        {session.device || 'Unknown browser'}
                        {session.current ? <strong> (this one)</strong> : null}
                      </td>
                      <td>{session.address}</td>
                      <td>{session.lastSeen}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <form method="post" action="/admin/account/sessions/end-others" className="upload-form">
              {hidden}
              <button type="submit" className="button">
                Sign out everywhere else
              </button>
            </form>
          </section>

          <section className="upload-panel" aria-labelledby="password-heading">
            <h2 id="password-heading">Change your password</h2>
            <p>Every other session of your account ends.</p>
            <form method="post" action="/admin/account/password" className="upload-form">
              {hidden}
              <FormField
                id="current-password"
                label="Current password"
                name="current"
                type="password"
                autoComplete="current-password"
                maxLength={SIGN_IN_PASSWORD_MAX_LENGTH}
                error={errors.current}
                required
              />
              <NewPasswordField id="account-new-password" label="New password" error={errors.password} />
              <button type="submit" className="button button-accent">
                Change password
              </button>
            </form>
          </section>

          <section className="upload-panel" aria-labelledby="display-name-heading">
            <h2 id="display-name-heading">Your name</h2>
            <p>
              How the team page lists you and how your replies to buyers are signed. Until you set one, your username (
              {staff.username}) is used.
            </p>
            <form method="post" action="/admin/account/display-name" className="upload-form">
              {hidden}
              <FormField
                id="account-display-name"
                label="Display name"
                name="displayName"
                autoComplete="name"
                maxLength={80}
                defaultValue={props.typedDisplayName ?? props.displayName ?? ''}
                error={errors.displayName}
              />
              <button type="submit" className="button">
                Save
              </button>
            </form>
          </section>

          <section className="upload-panel" aria-labelledby="email-heading">
            <h2 id="email-heading">Your e-mail address</h2>
            <p>Where a link to reset a forgotten password is sent.</p>
            <form method="post" action="/admin/account/email" className="upload-form">
              {hidden}
              <FormField
                id="account-email"
                label="E-mail address"
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                defaultValue={props.typedEmail ?? props.email ?? ''}
                error={errors.email}
              />
              <CurrentPassword form="email" reauth={reauth} />
              <button type="submit" className="button">
                Save
              </button>
            </form>
          </section>
          {props.calendarFeed ? <CalendarFeedPanel feed={props.calendarFeed} csrfToken={staff.csrfToken} /> : null}
        </>
      )}
    </AdminLayout>
  );
}
