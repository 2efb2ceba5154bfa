import { z } from 'zod';
import { isUsState, STATE_MESSAGE, ZIP_MESSAGE, ZIP_PATTERN } from '../shared/us-address.js';

/**
 * The `feed` section: what the BDX listing feed (/feeds/bdx.xml, NHlist 7.7) needs that the rest of the content
 * does not say — the numbers BDX gave the builder, the names it reports under, where listing leads go, which
 * listing sites the builder has asked BDX to publish to — and the builder's postal address, which every e-mail to
 * the interest list carries (CAN-SPAM). Lengths are the schema's (NHlist 7.7 `xsd:maxLength`), so a value the
 * feed could not carry is refused when it is saved, never cut in the feed.
 */

/** The listing sites a BDX feed reaches. */
export const LISTING_CHANNELS = ['NewHomeSource', 'Zillow', 'Realtor.com'] as const;

/** NHlist 7.7's EmailType pattern, anchored (XML Schema patterns are). */
const LEADS_EMAIL_PATTERN = /^[\p{L}\d_\-+]+(?:\.[\p{L}\d_-]+)*@[\p{L}\d_-]+(?:\.[\p{L}_]+)+$/u;

const text = (max: number) => z.string().trim().min(1).max(max);

export const feedSectionSchema = z.object({
  corporation: z.object({
    /** CorporateBuilderNumber: given by BDX, ≤ 30 characters. */
    number: text(30),
    /** CorporateName, ≤ 40. */
    name: text(40),
    /** CorporateState: the two-letter state the corporation is registered in. */
    state: z.string().refine(isUsState, STATE_MESSAGE),
  }),
  builder: z.object({
    /** BuilderNumber: given by BDX, ≤ 30. */
    number: text(30),
    /** BrandName, ≤ 50. */
    brandName: text(50),
    /** ReportingName, ≤ 75: the name BDX's lead reports use. */
    reportingName: text(75),
  }),
  /**
   * DefaultLeadsEmail: where the listing sites send the leads they collect. NHlist's EmailType is stricter than
   * an e-mail address: ≤ 100 characters, and a domain whose parts after the first hold letters only.
   */
  leadsEmail: z
    .string()
    .max(100)
    .email()
    .regex(LEADS_EMAIL_PATTERN, 'must be an address the listing feed can carry, such as leads@example.com'),
  subdivision: z.object({
    /** SubdivisionNumber: the builder's own number for the community, ≤ 30. */
    number: text(30),
    /** SubdivisionName, ≤ 60; NHlist does not let it start with "The" (listing sites sort by it). */
    name: text(60).refine((name) => !/^the\b/i.test(name), 'must not start with "The"'),
  }),
  /** The listing sites BDX is asked to publish this community to; the feed says so in a comment at its top. */
  channels: z.array(z.enum(LISTING_CHANNELS)).min(1),
  /** The builder's postal address, shown in every interest-list e-mail (CAN-SPAM requires one). */
  postalAddress: z.object({
    street: text(100),
    city: text(60),
    region: z.string().refine(isUsState, STATE_MESSAGE),
    postalCode: z.string().regex(ZIP_PATTERN, ZIP_MESSAGE),
  }),
});

export type FeedSection = z.infer<typeof feedSectionSchema>;

export const sampleFeed: FeedSection = {
  corporation: { number: 'SLH-CORP-1042', name: 'Summit Lane Homes, Inc.', state: 'CO' },
  builder: {
    number: 'SLH-NOCO-01',
    brandName: 'Summit Lane Homes',
    reportingName: 'Summit Lane Homes Northern Colorado',
  },
  leadsEmail: 'leads@maplehollow.example',
  subdivision: { number: 'MH-001', name: 'Maple Hollow' },
  channels: ['NewHomeSource', 'Zillow', 'Realtor.com'],
  postalAddress: { street: '400 Summit Lane, Suite 200', city: 'Fort Collins', region: 'CO', postalCode: '80525' },
};
