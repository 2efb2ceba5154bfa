import type { Content } from '../src/content/index.js';
import { CallAndEmail } from './CallAndEmail.js';
import { communityPath } from '../src/render/community-path.js';

/** The seed's questions block: heading, a button to the contact page, phone and e-mail. */
export function QuestionsBlock({ content }: { content: Content }) {
  const { builder } = content;
  return (
    <section className="questions" aria-labelledby="questions-heading">
      <div className="container questions-inner">
        <div>
          <h2 id="questions-heading">{content.pages.questionsHeading}</h2>
          <p>
            {content.pages.questionsText} {content.community.salesHours}.
          </p>
        </div>
        <div className="questions-actions">
          <a className="button button-light" href={communityPath('/contact')}>
            Contact Us
          </a>
          <ul className="questions-contact">
            <CallAndEmail builder={builder} />
          </ul>
        </div>
      </div>
    </section>
  );
}
