import { AdminLayout } from './AdminLayout.js';

/** An invitation or reset link that was used, has expired or is unknown. */
export function LinkGonePage({ communityName, text, path }: { communityName: string; text: string; path: string }) {
  return (
    <AdminLayout communityName={communityName} path={path}>
      <section className="login-card" aria-labelledby="gone-heading">
        <h1 id="gone-heading">This link no longer works</h1>
        <p>{text}</p>
        <p>
          <a href="/login">Go to sign in</a>
        </p>
      </section>
    </AdminLayout>
  );
}
