import { planPriceText } from '../shared/plan-price.js';
import type { BuilderContent } from '../content/builder-content.js';
import type { Content, FloorPlan } from '../content/index.js';
import { communityPath } from './community-path.js';

interface PostalFields {
  street: string;
  city: string;
  region: string;
  postalCode: string;
}

/** The builder as a schema.org Organization with its sales contact point, at `address`. */
function organizationJsonLd(builder: Content['builder'], address: PostalFields, siteUrl: string | undefined) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: builder.name,
    ...(siteUrl ? { url: siteUrl, logo: `${siteUrl}${builder.logo.src}` } : {}),
    email: builder.email,
    telephone: builder.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: 'US',
    },
    contactPoint: { '@type': 'ContactPoint', contactType: 'sales', telephone: builder.phone, email: builder.email },
  };
}

/** schema.org data that matches what the page shows: the builder with its contact point, each plan's facts. */
export function builderJsonLd(content: Content, siteUrl: string | undefined) {
  return organizationJsonLd(content.builder, content.community.address, siteUrl);
}

/**
 * The builder as an Organization on its own pages of a site of several communities: its contact point and its
 * office's postal address (the `feed` section's), never one community's sales office.
 */
export function builderOrganizationJsonLd(content: BuilderContent, siteUrl: string | undefined) {
  return organizationJsonLd(content.builder, content.feed.postalAddress, siteUrl);
}

export function floorPlanJsonLd(plan: FloorPlan, content: Content, siteUrl: string | undefined) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SingleFamilyResidence',
    name: `${plan.name} at ${content.community.name}`,
    description: plan.summary,
    numberOfBedrooms: plan.beds,
    numberOfBathroomsTotal: plan.baths,
    floorSize: { '@type': 'QuantitativeValue', value: plan.squareFeet, unitCode: 'FTK' },
    ...(siteUrl ? { url: `${siteUrl}${communityPath(`/floor-plans/${plan.slug}`)}` } : {}),
    ...(plan.basePrice === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price: plan.basePrice,
            priceCurrency: 'USD',
            description: planPriceText(plan.basePrice),
            ...(siteUrl ? { url: `${siteUrl}${communityPath(`/floor-plans/${plan.slug}`)}` } : {}),
          },
        }),
  };
}

/** JSON for a <script type="application/ld+json"> data block: `<` escaped so no markup can close it. */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
