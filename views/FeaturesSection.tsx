import type { Content } from '../src/content/index.js';
import { MESSAGES } from '../src/shared/constants.js';

/**
 * The features document and the walkthrough video. The seed embeds a different PDF on phones and on desktops;
 * CSS shows one embed per breakpoint, and a plain link to each file is always there.
 */
export function FeaturesSection({ content }: { content: Content }) {
  const { features, video } = content.media;
  return (
    <section className="features" aria-labelledby="features-heading">
      <div className="container">
        <h2 id="features-heading">Included features</h2>
        <div className="features-grid">
          <div className="features-document">
            <object
              className="pdf-embed pdf-embed-desktop"
              data={features.desktopPdf}
              type="application/pdf"
              aria-label="Included features (PDF, desktop layout)"
            >
              <p>
                Your browser cannot show the PDF here. <a href={features.desktopPdf}>Open the features document</a>.
              </p>
            </object>
            <object
              className="pdf-embed pdf-embed-mobile"
              data={features.mobilePdf}
              type="application/pdf"
              aria-label="Included features (PDF, phone layout)"
            >
              <p>
                Your browser cannot show the PDF here. <a href={features.mobilePdf}>Open the features document</a>.
              </p>
            </object>
            <p className="download-links">
              Download the features: <a href={features.desktopPdf} download>PDF for desktop</a> ·{' '}
              <a href={features.mobilePdf} download>
                PDF for phone
              </a>
            </p>
          </div>
          <figure className="walkthrough">
            <video controls preload="none" poster={video.poster} width={640} height={360} playsInline>
              <source src={video.webm} type="video/webm" />
              <source src={video.mp4} type="video/mp4" />
              {MESSAGES.videoUnsupported}
            </video>
            <figcaption>{video.title}</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
