import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_HINT,
  USERNAME_MAX_LENGTH,
} from '../../src/shared/staff-credentials.js';
import { AdminLayout } from './AdminLayout.js';
import { FormField } from './FormField.js';

interface NewPasswordPageProps {
  communityName: string;
  /** An invitation asks for a username too; a reset only for the password. */
  kind: 'invitation' | 'reset';
  action: string;
  /** The invitation's role, said on the page. */
  role?: string;
  username?: string;
  errors?: { username?: string; password?: string; form?: string };
}

const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, any kind; not a common password, not your username. A few unrelated words work well.`;

/** A field for a password being chosen: the rules in its hint, and the browser asked to suggest a strong one. */
export function NewPasswordField({ id, label, error }: { id: string; label: string; error: string | undefined }) {
  return (
    <FormField
      id={id}
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      hint={PASSWORD_HINT}
      error={error}
      required
    />
  );
}

/** Accepting an invitation (username and password) or choosing a new password from a reset link. */
export function NewPasswordPage({ communityName, kind, action, role, username, errors = {} }: NewPasswordPageProps) {
  const heading = kind === 'invitation' ? 'Join the staff' : 'Choose a new password';
  return (
    <AdminLayout communityName={communityName} path={action}>
      <section className="login-card" aria-labelledby="new-password-heading">
        <h1 id="new-password-heading">{heading}</h1>
        {errors.form ? (
          <p className="alert alert-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        {kind === 'invitation' ? (
          <p>
            You are invited as <strong>{role}</strong>. Choose the username and password you will sign in with.
          </p>
        ) : (
          <p>Every session of your account ends when the new password is set.</p>
        )}
        <form method="post" action={action} className="login-form">
          {kind === 'invitation' ? (
            <FormField
              id="new-username"
              label="Username"
              name="username"
              type="text"
              autoComplete="username"
              maxLength={USERNAME_MAX_LENGTH}
              hint={USERNAME_HINT}
              defaultValue={username}
              error={errors.username}
              required
            />
          ) : null}
          <NewPasswordField id="new-password" label="Password" error={errors.password} />
          <button type="submit" className="button button-accent">
            {kind === 'invitation' ? 'Create my account' : 'Set the password'}
          </button>
        </form>
      </section>
    </AdminLayout>
  );
}
