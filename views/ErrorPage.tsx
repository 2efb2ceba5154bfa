import { Layout } from './Layout.js';
import type { SiteProps } from './site-props.js';
import { communityPath } from '../src/render/community-path.js';

export type ErrorStatus = 403 | 404 | 410 | 500 | 503;

interface ErrorPageProps extends Omit<SiteProps, 'image'> {
  status: ErrorStatus;
}

const COPY = {
  // The one 403 page: a form post refused as coming from another site (web/csrf.ts).
  403: {
    title: 'This form could not be sent',
    text: 'It seemed to come from another website, so nothing was saved. Go back to the form, reload the page and send it again.',
  },
  404: {
    title: 'Page not found',
    text: 'We could not find that page. It may have moved, or the address may be mistyped.',
  },
  410: {
    title: 'This floor plan is no longer offered',
    text: 'The plan at this address has been retired. See the floor plans we build today.',
  },
  500: { title: 'Something went wrong', text: 'The page could not be shown just now. Please try again in a moment.' },
  503: {
    title: 'Temporarily unavailable',
    text: 'This is briefly out of reach while a service the site uses recovers. Please try again in a moment.',
  },
} as const;

/** The styled 403 (a form from another site), 404, 500 and 503 pages. */
export function ErrorPage({ content, path, status }: ErrorPageProps) {
  const copy = COPY[status];
  return (
    <Layout content={content} path={path}>
      <section className="container error-page" aria-labelledby="error-heading">
        <p className="eyebrow">Error {status}</p>
        <h1 id="error-heading">{copy.title}</h1>
        <p>{copy.text}</p>
        <p className="error-actions">
          {status === 410 ? (
            <a className="button button-accent" href={communityPath('/floor-plans')}>
              See our floor plans
            </a>
          ) : (
            <a className="button button-accent" href={communityPath('/')}>
              Go to the home page
            </a>
          )}{' '}
          <a className="button" href={communityPath('/contact')}>
            Contact Us
          </a>
        </p>
      </section>
    </Layout>
  );
}

export const ERROR_TITLES = {
  403: COPY[403].title,
  404: COPY[404].title,
  410: COPY[410].title,
  500: COPY[500].title,
  503: COPY[503].title,
};
