import type { InputHTMLAttributes } from 'react';
import { SIGN_IN_PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../src/shared/staff-credentials.js';
import { AdminLayout } from './AdminLayout.js';

interface LoginPageProps {
  communityName: string;
  error?: string;
  username?: string;
  next?: string;
  /** After an invitation was accepted or a password reset. */
  notice?: string;
}

/** A required field of the sign-in form, its label above it. */
function LoginField({ id, label, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} required {...input} />
    </>
  );
}

export function LoginPage({ communityName, error, username, next, notice }: LoginPageProps) {
  return (
    <AdminLayout communityName={communityName} path="/login">
      <section className="login-card" aria-labelledby="login-heading">
        <h1 id="login-heading">Staff sign in</h1>
        {notice && !error ? (
          <p className="alert alert-success" role="status">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        <form method="post" action={next ? `/login?next=${encodeURIComponent(next)}` : '/login'} className="login-form">
          <LoginField
            id="login-username"
            label="Username"
            name="username"
            type="text"
            autoComplete="username"
            maxLength={USERNAME_MAX_LENGTH}
            defaultValue={username}
          />
          <LoginField
            id="login-password"
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={SIGN_IN_PASSWORD_MAX_LENGTH}
          />
          <button type="submit" className="button button-accent">
            Sign in
          </button>
        </form>
        <p>
          <a href="/login/forgot">Forgot your password?</a>
        </p>
      </section>
    </AdminLayout>
  );
}
