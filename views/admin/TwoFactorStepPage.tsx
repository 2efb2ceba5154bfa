import { Widget } from '../../src/render/widget.js';
import { AdminLayout } from './AdminLayout.js';
import { FormField } from './FormField.js';

interface TwoFactorStepPageProps {
  communityName: string;
  error?: string;
  /** The account has a passkey: offer it (with JavaScript). */
  passkey: boolean;
}

/** The second step of a sign-in: a code from the app or a recovery code, or a passkey. */
export function TwoFactorStepPage({ communityName, error, passkey }: TwoFactorStepPageProps) {
  return (
    <AdminLayout communityName={communityName} path="/login/two-factor">
      <section className="login-card" aria-labelledby="two-factor-heading">
        <h1 id="two-factor-heading">Two-factor sign-in</h1>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        {passkey ? (
          <Widget
            name="PasskeyButton"
            props={{
              mode: 'sign-in',
              optionsUrl: '/login/two-factor/passkey/options',
              verifyUrl: '/login/two-factor/passkey',
              label: 'Use a passkey',
            }}
          />
        ) : null}
        <form method="post" action="/login/two-factor" className="login-form">
          <FormField
            id="two-factor-code"
            label="Code from your app, or a recovery code"
            name="code"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
          />
          <button type="submit" className="button button-accent">
            Continue
          </button>
        </form>
        <p>
          <a href="/login">Start again</a>
        </p>
      </section>
    </AdminLayout>
  );
}
