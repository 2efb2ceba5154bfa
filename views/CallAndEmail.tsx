import type { Content } from '../src/content/index.js';
import { telHref } from './tel-href.js';

interface PostalAddress {
  street: string;
  city: string;
  region: string;
  postalCode: string;
}

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

/** The sales office's street address as a "Visit" list item (contact page, privacy notice), or another label's. */
export function VisitAddress({ address, label = 'Visit' }: { address: PostalAddress; label?: string }) {
  return (
    <li>
      <span className="label">{label}</span> {address.street}, {address.city}, {address.region} {address.postalCode}
    </li>
  );
}
