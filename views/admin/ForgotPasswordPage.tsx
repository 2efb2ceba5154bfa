import { AdminLayout } from './AdminLayout.js';
import { FormField } from './FormField.js';

interface ForgotPasswordPageProps {
  communityName: string;
  /** After a request: the same words whether or not an account matched. */
  sent?: boolean;
  /** No staff mail is configured: say whom to ask instead. */
  mailOff: boolean;
}

export function ForgotPasswordPage({ communityName, sent, mailOff }: ForgotPasswordPageProps) {
  return (
    <AdminLayout communityName={communityName} path="/login/forgot">
      <section className="login-card" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading">Forgot your password?</h1>
        {sent ? (
          <p className="alert alert-success" role="status">
            If that is an active account with an e-mail address, a link to choose a new password is on its way. It works
            once, for one hour.
          </p>
        ) : null}
        {mailOff ? (
          <p>This site sends no e-mail yet: ask an owner to reset your password or to invite you again.</p>
        ) : (
          <form method="post" action="/login/forgot" className="login-form">
            <FormField
              id="forgot-who"
              label="Username or e-mail address"
              name="who"
              type="text"
              autoComplete="username"
              maxLength={254}
              required
            />
            <button type="submit" className="button button-accent">
              Send me a link
            </button>
          </form>
        )}
        <p>
          <a href="/login">Back to sign in</a>
        </p>
      </section>
    </AdminLayout>
  );
}
