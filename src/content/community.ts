import { sampleAgents } from './agents-section.js';
import { autoReply } from './auto-reply.js';
import { sampleFeed } from './feed-section.js';
import { emptyFinancing } from './financing-section.js';
import { equalHousingStatement, privacyNotice } from './privacy-notice.js';
import type { Content } from './schema.js';

const overlookDrawings = {
  main: {
    src: '/sample/floorplans/overlook-floor-plan.png',
    alt: 'Overlook main level floor plan',
    caption: 'Main level floor plan',
  },
  lower: {
    src: '/sample/floorplans/overlook-basement.png',
    alt: 'Overlook lower level (basement) floor plan',
    caption: 'Basement floor plan',
  },
};

/** A lender's or partner's linked logo, whose text alternative is the name it stands for. */
function logoLink(name: string, href: string, logoSrc: string) {
  return { name, href, logo: { src: logoSrc, alt: name } };
}

/**
 * SAMPLE CONTENT. Everything the site says about the community that staff do not edit lives here:
 * to run the site for another community, edit this file and replace the files under static/sample/.
 * Names, addresses, places and lenders below are invented for demonstration.
 */
export const community = {
  community: {
    name: 'Maple Hollow',
    title: 'Welcome Home to Maple Hollow',
    tagline: "Homes From The Mid 500's",
    description:
      'Maple Hollow is a new neighborhood of 78 homesites and four floor plans by Summit Lane Homes, with a park, a pond and trails a short walk from every door.',
    address: { street: '1200 Maple Hollow Drive', city: 'Windsor', region: 'CO', postalCode: '80550' },
    latitude: 40.485,
    longitude: -105.03,
    about: [
      'Maple Hollow is a new community of 78 homesites set around a five-acre park and pond, with walking trails that connect to the regional greenway.',
      'Summit Lane Homes builds four floor plans here: a single-level ranch, two two-story homes and a ranch with a finished walk-out lower level, each with energy-efficient construction and a ten-year structural warranty.',
      'Our sales counselors are happy to walk you through the model home, help you choose a homesite and introduce you to our preferred lenders.',
    ],
    salesHours: 'Model home open daily, 10 am to 6 pm',
    timeZone: 'America/Denver',
  },
  builder: {
    name: 'Summit Lane Homes',
    phone: '(970) 555-0142',
    email: 'hello@maplehollow.example',
    logo: { src: '/sample/logos/builder.svg', alt: 'Summit Lane Homes' },
  },
  floorPlans: [
    {
      slug: 'sweetwater-ii',
      name: 'Sweetwater II',
      basePrice: 579_900,
      summary:
        'A two-story craftsman with a covered front porch, a study by the front door, an open great room and a flex room upstairs.',
      beds: 4,
      baths: 2.5,
      study: true,
      squareFeet: 2450,
      garageBays: 2,
      stories: 2,
      levels: [
        {
          level: 'main',
          squareFeet: 1225,
          drawing: {
            src: '/sample/floorplans/sweetwater-ii-main-level.png',
            alt: 'Sweetwater II main level floor plan',
            caption: 'Main level floor plan',
          },
        },
        {
          level: 'upper',
          squareFeet: 1225,
          drawing: {
            src: '/sample/floorplans/sweetwater-ii-upper-level.png',
            alt: 'Sweetwater II upper level floor plan',
            caption: 'Upper level floor plan',
          },
        },
      ],
      cover: {
        src: '/sample/floorplans/sweetwater-ii-1.jpg',
        alt: 'Sweetwater II craftsman exterior with covered porch',
      },
      minimumLotSqft: 6_500,
    },
    {
      slug: 'silverwood-ii',
      name: 'Silverwood II',
      basePrice: 612_500,
      summary:
        'A modern farmhouse with board-and-batten siding, a kitchen island made for gathering, a main-floor owner’s suite and a study.',
      beds: 3,
      baths: 2.5,
      study: true,
      squareFeet: 2180,
      garageBays: 2,
      stories: 2,
      levels: [
        {
          level: 'main',
          squareFeet: 1440,
          drawing: {
            src: '/sample/floorplans/silverwood-ii-main-level.png',
            alt: 'Silverwood II main level floor plan',
            caption: 'Main level floor plan',
          },
        },
        {
          level: 'upper',
          squareFeet: 740,
          drawing: {
            src: '/sample/floorplans/silverwood-ii-upper-level.png',
            alt: 'Silverwood II upper level floor plan',
            caption: 'Upper level floor plan',
          },
        },
      ],
      cover: { src: '/sample/floorplans/silverwood-ii-1.jpg', alt: 'Silverwood II modern farmhouse exterior' },
      minimumLotSqft: 6_000,
    },
    {
      slug: 'canyon',
      name: 'The Canyon',
      basePrice: 545_900,
      summary: 'Single-level living with stone accents, a vaulted great room and a covered patio off the dining area.',
      beds: 3,
      baths: 2,
      study: false,
      squareFeet: 1860,
      garageBays: 2,
      stories: 1,
      levels: [
        {
          level: 'main',
          squareFeet: 1860,
          drawing: {
            src: '/sample/floorplans/canyon-floor-plan.png',
            alt: 'The Canyon floor plan',
            caption: 'Floor plan',
          },
        },
      ],
      cover: { src: '/sample/floorplans/canyon-1.jpg', alt: 'The Canyon ranch exterior with stone accents' },
      minimumLotSqft: 7_400,
    },
    {
      slug: 'overlook',
      name: 'Overlook',
      basePrice: null,
      summary:
        'Our largest plan: a ranch with a study, a three-car garage and a walk-out finished lower level with a rec room and a fourth bedroom.',
      beds: 4,
      baths: 3,
      study: true,
      squareFeet: 3120,
      garageBays: 3,
      stories: 1,
      levels: [
        { level: 'main', squareFeet: 1960, drawing: overlookDrawings.main },
        { level: 'lower', squareFeet: 1160, drawing: overlookDrawings.lower },
      ],
      cover: { src: '/sample/floorplans/overlook-floor-plan.png', alt: 'Overlook main level floor plan' },
      minimumLotSqft: 8_200,
    },
  ],
  promotions: [
    {
      title: 'Up to $15,000 toward closing costs',
      text: 'This month’s incentive: up to $15,000 toward closing costs on select homesites when you write a contract with our preferred lenders. Ask a sales counselor which homesites qualify.',
      starts: '2026-01-01',
      ends: '2030-12-31',
      image: {
        src: '/sample/special-offer-flyer.jpg',
        alt: 'Limited-time offer: up to $15,000 toward closing costs on select homesites at Maple Hollow',
      },
      plans: [],
    },
  ],
  lenders: [
    logoLink(
      'Keystone Home Lending',
      'https://lending.example.com/keystone/pre-approval',
      '/sample/logos/lender-1.svg',
    ),
    logoLink('Bluewater Mortgage', 'https://lending.example.com/bluewater/apply', '/sample/logos/lender-2.svg'),
  ],
  partners: [
    logoLink('Evergreen Realty Group', 'https://partners.example.com/evergreen', '/sample/logos/partner-1.svg'),
    logoLink('Hollow Creek HOA', 'https://partners.example.com/hollow-creek', '/sample/logos/partner-2.svg'),
  ],
  // Distances are driving miles; the pins sit within the seed's map zoom (13, and 10 for Medical) of a 30vh map.
  nearby: [
    {
      id: 'schools',
      label: 'Schools',
      zoom: 13,
      places: [
        {
          name: 'Hollow Creek Elementary',
          latitude: 40.4905,
          longitude: -105.039,
          address: '450 Creekside Lane, Windsor, CO 80550',
          distanceMiles: 0.8,
        },
        {
          name: 'Windsor Ridge Middle School',
          latitude: 40.479,
          longitude: -105.018,
          address: '2100 Ridge Parkway, Windsor, CO 80550',
          distanceMiles: 1.6,
        },
        {
          name: 'Poudre Valley High School',
          latitude: 40.495,
          longitude: -105.012,
          address: '3300 Valley View Road, Windsor, CO 80550',
          distanceMiles: 2.9,
        },
      ],
    },
    {
      id: 'medical',
      label: 'Medical',
      zoom: 10,
      places: [
        {
          name: 'Front Range Regional Hospital',
          latitude: 40.57,
          longitude: -105.078,
          address: '1024 Lemay Avenue, Fort Collins, CO 80524',
          distanceMiles: 16.4,
        },
        {
          name: 'Big Thompson Medical Center',
          latitude: 40.398,
          longitude: -105.075,
          address: '2500 Rocky Mountain Avenue, Loveland, CO 80538',
          distanceMiles: 17.2,
        },
        {
          name: 'Greeley Community Hospital',
          latitude: 40.423,
          longitude: -104.79,
          address: '1801 16th Street, Greeley, CO 80631',
          distanceMiles: 18.9,
        },
        {
          name: 'Longmont Health Pavilion',
          latitude: 40.54,
          longitude: -105.25,
          address: '1950 Mountain View Avenue, Longmont, CO 80501',
          distanceMiles: 19.7,
        },
      ],
    },
    {
      id: 'grocery',
      label: 'Grocery',
      zoom: 13,
      places: [
        {
          name: 'Hollow Market',
          latitude: 40.4895,
          longitude: -105.0365,
          address: '88 Main Street, Windsor, CO 80550',
          distanceMiles: 1.0,
        },
        {
          name: 'Fresh Fields Grocery',
          latitude: 40.4805,
          longitude: -105.044,
          address: '1510 Eastman Park Drive, Windsor, CO 80550',
          distanceMiles: 1.8,
        },
        {
          name: 'Valley Foods',
          latitude: 40.4925,
          longitude: -105.0175,
          address: '920 Garden Drive, Windsor, CO 80550',
          distanceMiles: 2.4,
        },
        {
          name: 'Harvest Co-op',
          latitude: 40.477,
          longitude: -105.011,
          address: '4150 County Road 13, Windsor, CO 80550',
          distanceMiles: 3.1,
        },
      ],
    },
    {
      id: 'parks',
      label: 'Parks',
      zoom: 13,
      places: [
        {
          name: 'Windsor Lake Park',
          latitude: 40.493,
          longitude: -105.048,
          address: '100 North 5th Street, Windsor, CO 80550',
          distanceMiles: 2.7,
        },
        {
          name: 'Poudre River Trailhead',
          latitude: 40.476,
          longitude: -105.049,
          address: '2000 River Bend Road, Windsor, CO 80550',
          distanceMiles: 3.9,
        },
        {
          name: 'Eastman Open Space',
          latitude: 40.495,
          longitude: -105.01,
          address: '7025 Eastman Park Drive, Windsor, CO 80550',
          distanceMiles: 5.3,
        },
      ],
    },
  ],
  media: {
    sitePlan: {
      src: '/sample/site-plan.png',
      alt: 'Maple Hollow site plan showing 78 numbered homesites, streets, the park and the pond',
    },
    portrait: { src: '/sample/portrait.jpg', alt: 'A Maple Hollow sales counselor' },
    features: {
      desktopPdf: '/sample/features/features-desktop.pdf',
      mobilePdf: '/sample/features/features-mobile.pdf',
    },
    video: {
      webm: '/sample/video/walkthrough.webm',
      mp4: '/sample/video/walkthrough.mp4',
      poster: '/sample/video/walkthrough-poster.jpg',
      captions: '/sample/video/walkthrough.en.vtt',
      title: 'Maple Hollow model home walkthrough',
    },
  },
  homesites: {
    outlines: '/sample/site-plan-lots.svg',
    minimumLotSqft: { 'Silverwood II': 6_000, 'Sweetwater II': 6_500, 'The Canyon': 7_400, Overlook: 8_200 },
    showPriceWhenTaken: false,
    // Homes here are priced from the mid 500's; a hundred thousand to a few million covers every plan and lot.
    priceRange: { min: 100_000, max: 3_000_000 },
  },
  tours: {
    // The same hours as community.salesHours says, read in community.timeZone.
    hours: {
      sunday: { opens: '10:00', closes: '18:00' },
      monday: { opens: '10:00', closes: '18:00' },
      tuesday: { opens: '10:00', closes: '18:00' },
      wednesday: { opens: '10:00', closes: '18:00' },
      thursday: { opens: '10:00', closes: '18:00' },
      friday: { opens: '10:00', closes: '18:00' },
      saturday: { opens: '10:00', closes: '18:00' },
    },
    slotMinutes: 60,
    partiesPerSlot: 2,
    closedDates: ['2026-11-26', '2026-12-24', '2026-12-25', '2027-01-01'],
    daysAhead: 30,
  },
  autoReply,
  disclaimer:
    'Plans, pricing, availability, features and specifications may change without notice. Renderings and images are artist’s conceptions.',
  privacy: privacyNotice,
  equalHousing: equalHousingStatement,
  pages: {
    introHeading: 'A neighborhood made for the way you live',
    plansHeading: 'Four floor plans',
    questionsHeading: 'Have Questions About the community',
    questionsText: 'Our sales counselors are here to help.',
    floorPlansIntro: 'Four plans, from single-level living to a walk-out lower level. Choose one to see its gallery.',
    sitePlanNearbyHeading: 'What’s nearby',
    lendersHeading: 'Get pre-approved with our preferred lenders',
    lendersText:
      'A pre-approval tells you what you can afford before you choose your homesite. Start with either lender:',
    contactIntro:
      'Tell us what you are looking for and a Summit Lane Homes sales counselor will get back to you within one business day.',
    promotionsHeading: 'Special offers',
  },
  feed: sampleFeed,
  agents: sampleAgents,
  financing: emptyFinancing,
  sampleNotice: 'Sample community for demonstration: names, places, images and documents are invented.',
} satisfies Content;
