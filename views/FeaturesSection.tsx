import type { Content } from '../src/content/index.js';
import type { DescribeImage } from '../src/render/images.js';
import { MESSAGES } from '../src/shared/constants.js';

/** The poster in WebP at about the width the video shows, when the build made variants of it. */
function posterUrl(image: DescribeImage, src: string): string {
  const candidates = (image(src, '').webpSrcSet ?? '').split(', ').filter(Boolean);
  const at800 = candidates.find((candidate) => candidate.endsWith(' 800w')) ?? candidates[candidates.length - 1];
  return at800?.split(' ')[0] ?? src;
}

const LAYOUT_NAMES = { desktop: 'desktop', mobile: 'phone' } as const;

/** One layout's features PDF, embedded, with a link to it where the browser cannot show it. */
function PdfEmbed({ href, layout }: { href: string; layout: keyof typeof LAYOUT_NAMES }) {
  return (
    <object
      className={`pdf-embed pdf-embed-${layout}`}
      data={href}
      type="application/pdf"
      aria-label={`Included features (PDF, ${LAYOUT_NAMES[layout]} layout)`}
    >
      <p>
        Your browser cannot show the PDF here. <a href={href}>Open the features document</a>.
      </p>
    </object>
  );
}

/**
 * The features document and the walkthrough video. The seed embeds a different PDF on phones and on desktops;
 * CSS shows one embed per breakpoint, and a plain link to each file is always there.
 */
export function FeaturesSection({ content, image }: { content: Content; image: DescribeImage }) {
  const { features, video } = content.media;
  return (
    <section className="features" aria-labelledby="features-heading">
      <div className="container">
        <h2 id="features-heading">Included features</h2>
        <div className="features-grid">
          <div className="features-document">
            <PdfEmbed href={features.desktopPdf} layout="desktop" />
            {/* Phones rarely show an embedded PDF well, and loading the viewer up front costs them seconds:
                the phone layout's embed opens on request (a native <details>, no script). */}
            <details className="pdf-mobile">
              <summary>View the features document</summary>
              <PdfEmbed href={features.mobilePdf} layout="mobile" />
            </details>
            <p className="download-links">
              Download the features:{' '}
              <a href={features.desktopPdf} download>
                PDF for desktop
              </a>{' '}
              ·{' '}
              <a href={features.mobilePdf} download>
                PDF for phone
              </a>
            </p>
          </div>
          <figure className="walkthrough">
            <video controls preload="none" poster={posterUrl(image, video.poster)} width={640} height={360} playsInline>
              <source src={video.webm} type="video/webm" />
              <source src={video.mp4} type="video/mp4" />
              {/* `default`: a viewer who turns captions on (in the player or the system) gets these at once. */}
              <track kind="captions" src={video.captions} srcLang="en" label="English" default />
              {MESSAGES.videoUnsupported}
            </video>
            <figcaption>{video.title}</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
