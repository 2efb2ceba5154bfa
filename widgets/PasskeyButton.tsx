import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useEnhanced } from './use-enhanced.js';

interface PasskeyButtonProps {
  /** sign-in: the second step of a sign-in; register: add a passkey on the account page. */
  mode: 'sign-in' | 'register';
  optionsUrl: string;
  verifyUrl: string;
  label: string;
  /** The staff page's token (register only: the sign-in step has no session user yet). */
  csrfToken?: string;
}

async function post(
  url: string,
  body: unknown,
  csrfToken?: string,
): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(csrfToken ? { 'X-CSRF-Token': csrfToken } : {}),
    },
    body: JSON.stringify(body),
  });
  const parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, body: parsed };
}

/**
 * A passkey ceremony (WebAuthn) in one button: asks the server for options, lets the browser and authenticator
 * answer, and sends the answer back. Only with JavaScript (WebAuthn has no form post): without it the button is
 * not there, and the code field next to it does the same job.
 */
export default function PasskeyButton({ mode, optionsUrl, verifyUrl, label, csrfToken }: PasskeyButtonProps) {
  const enhanced = useEnhanced();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState('');
  if (!enhanced || typeof window === 'undefined' || !('PublicKeyCredential' in window)) return null;

  async function run() {
    setBusy(true);
    setProblem('');
    try {
      const options = await post(optionsUrl, {}, csrfToken);
      if (!options.ok) throw new Error(String(options.body.error ?? 'The server did not answer.'));
      const optionsJSON = options.body.options as Parameters<typeof startAuthentication>[0]['optionsJSON'];
      const response =
        mode === 'sign-in'
          ? await startAuthentication({ optionsJSON })
          : await startRegistration({
              optionsJSON: options.body.options as Parameters<typeof startRegistration>[0]['optionsJSON'],
            });
      const verified = await post(verifyUrl, { response, name }, csrfToken);
      if (!verified.ok) throw new Error(String(verified.body.error ?? 'The passkey was not accepted.'));
      window.location.assign(String(verified.body.redirect ?? window.location.href));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The passkey did not work.');
      setBusy(false);
    }
  }

  return (
    <div className="passkey-button">
      {mode === 'register' ? (
        <>
          <label htmlFor="passkey-name">Name of the new passkey (e.g. “work laptop”)</label>
          <input
            id="passkey-name"
            type="text"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </>
      ) : null}
      <button type="button" className="button" onClick={() => void run()} disabled={busy}>
        {label}
      </button>
      {problem ? (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
