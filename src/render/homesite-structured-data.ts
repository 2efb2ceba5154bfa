import type { Content } from '../content/index.js';
import type { HomesiteStatus } from '../shared/homesite-rules.js';
import type { HomesiteSummary } from '../../views/homesites/homesite-summary.js';

const AVAILABILITY: Record<HomesiteStatus, string> = {
  available: 'https://schema.org/InStock',
  'quick-move-in': 'https://schema.org/InStock',
  model: 'https://schema.org/InStoreOnly',
  'under-contract': 'https://schema.org/SoldOut',
  sold: 'https://schema.org/SoldOut',
  future: 'https://schema.org/PreOrder',
};

/** schema.org Offer for one homesite (or quick move-in home), with its price where one is set. */
export function homesiteJsonLd(homesite: HomesiteSummary, content: Content, siteUrl: string | undefined) {
  const { community } = content;
  const name = homesite.plan
    ? `${homesite.plan.name} on homesite ${homesite.lot} at ${community.name}`
    : `Homesite ${homesite.lot} at ${community.name}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name,
    availability: AVAILABILITY[homesite.status],
    ...(homesite.price === null ? {} : { price: homesite.price, priceCurrency: 'USD' }),
    ...(siteUrl ? { url: `${siteUrl}${homesite.href}` } : {}),
    ...(homesite.ready && homesite.status === 'quick-move-in' ? { availabilityStarts: homesite.ready } : {}),
    seller: { '@type': 'Organization', name: content.builder.name, telephone: content.builder.phone },
    itemOffered: {
      '@type': homesite.plan ? 'SingleFamilyResidence' : 'Place',
      name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: homesite.address.split(',')[0] ?? homesite.address,
        addressLocality: community.address.city,
        addressRegion: community.address.region,
        postalCode: community.address.postalCode,
        addressCountry: 'US',
      },
      ...(homesite.sqft === null
        ? {}
        : {
            additionalProperty: { '@type': 'PropertyValue', name: 'Lot size', value: homesite.sqft, unitCode: 'FTK' },
          }),
    },
  };
}
