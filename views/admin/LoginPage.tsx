import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../src/shared/staff-credentials.js';
import { AdminLayout } from './AdminLayout.js';

interface LoginPageProps {
  communityName: string;
  error?: string;
  username?: string;
  next?: string;
}

export function LoginPage({ communityName, error, username, next }: LoginPageProps) {
  return (
    <AdminLayout communityName={communityName} path="/login">
      <section className="login-card" aria-labelledby="login-heading">
        <h1 id="login-heading">Staff sign in</h1>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        <form method="post" action={next ? `/login?next=${encodeURIComponent(next)}` : '/login'} className="login-form">
          <label htmlFor="login-username">Username</label>
          <input
            id="login-username"
            name="username"
            type="text"
            autoComplete="username"
            required
            maxLength={USERNAME_MAX_LENGTH}
            defaultValue={username}
          />
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <button type="submit" className="button button-accent">
            Sign in
          </button>
        </form>
      </section>
    </AdminLayout>
  );
}
