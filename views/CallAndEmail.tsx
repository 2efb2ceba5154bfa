import type { Content } from '../src/content/index.js';
import { telHref } from './tel-href.js';

/** The builder's phone and e-mail as two list items, "Call" and "Email", each a link (contact page, questions block). */
export function CallAndEmail({ builder }: { builder: Content['builder'] }) {
  return (
    <>
      <li>
        <span className="label">Call</span> <a href={telHref(builder.phone)}>{builder.phone}</a>
      </li>
      <li>
        <span className="label">Email</span> <a href={`mailto:${builder.email}`}>{builder.email}</a>
      </li>
    </>
  );
}

/** The sales office's street address as a "Visit" list item (contact page, privacy notice). */
export function VisitAddress({ address }: { address: Content['community']['address'] }) {
  return (
    <li>
      <span className="label">Visit</span> {address.street}, {address.city}, {address.region} {address.postalCode}
    </li>
  );
}
