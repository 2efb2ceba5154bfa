/** Where the privacy notice lives: the consent sentence and the footer link to it. */
export const PRIVACY_PATH = '/privacy';

/** Who may get in touch, and about what: the builder's and the community's names, from the content. */
export interface LeadConsentNames {
  builder: string;
  community: string;
}

interface LeadConsentProps extends LeadConsentNames {
  /** What the visitor is about to do, as the sentence says it: "sending this message", "booking this tour". */
  action: string;
}

/**
 * The consent sentence under both lead forms (contract, "Leads with context"): what sending allows us to do, and a
 * link to the notice that says what is kept. Shared by the contact form (a widget) and the tour form (a view).
 */
export function LeadConsent({ action, builder, community }: LeadConsentProps) {
  return (
    <p className="lead-consent">
      By {action} you agree that {builder} may contact you by phone or e-mail about {community}. Our{' '}
      <a href={PRIVACY_PATH}>privacy notice</a> says what we keep and how to have it deleted.
    </p>
  );
}
