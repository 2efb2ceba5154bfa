import { Layout } from './Layout.js';
import type { SiteProps } from './site-props.js';

export type ErrorStatus = 404 | 410 | 500 | 503;

interface ErrorPageProps extends Omit<SiteProps, 'image'> {
  status: ErrorStatus;
}

const COPY = {
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

/** The styled 404, 500 and 503 pages. */
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
            <a className="button button-accent" href="/floor-plans">
              See our floor plans
            </a>
          ) : (
            <a className="button button-accent" href="/">
              Go to the home page
            </a>
          )}{' '}
          <a className="button" href="/contact">
            Contact Us
          </a>
        </p>
      </section>
    </Layout>
  );
}

export const ERROR_TITLES = { 404: COPY[404].title, 410: COPY[410].title, 500: COPY[500].title, 503: COPY[503].title };
