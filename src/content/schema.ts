import { z } from 'zod';

const sitePath = z.string().regex(/^\/[^\s]*$/, 'must be a site path starting with /');
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const image = z.object({ src: sitePath, alt: z.string().min(1) });

const nearbyPlace = z.object({
  name: z.string().min(1),
  latitude,
  longitude,
  address: z.string().min(1),
  distanceMiles: z.number().positive(),
});

const nearbyTab = z.object({
  id: z.enum(['schools', 'medical', 'grocery', 'parks']),
  label: z.string().min(1),
  zoom: z.number().int().min(1).max(19),
  places: z.array(nearbyPlace).min(1),
});

export const floorPlanSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  summary: z.string().min(1),
  beds: z.number().positive(),
  baths: z.number().positive(),
  squareFeet: z.number().int().positive(),
  garage: z.string().min(1),
  stories: z.number().int().positive(),
  cover: image,
  /** Images that are part of the page rather than the staff-managed gallery (Overlook's floor plan and basement). */
  fixedImages: z.array(image.extend({ caption: z.string().min(1) })).default([]),
});

const link = z.object({ name: z.string().min(1), href: z.string().url(), logo: image });

export const contentSchema = z
  .object({
    community: z.object({
      name: z.string().min(1),
      title: z.string().min(1),
      tagline: z.string().min(1),
      description: z.string().min(1),
      address: z.object({
        street: z.string().min(1),
        city: z.string().min(1),
        region: z.string().min(1),
        postalCode: z.string().min(1),
      }),
      latitude,
      longitude,
      counters: z.object({ homeLots: z.number().int().positive(), floorPlans: z.number().int().positive() }),
      about: z.array(z.string().min(1)).min(1),
      salesHours: z.string().min(1),
    }),
    builder: z.object({
      name: z.string().min(1),
      phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'must look like (123) 456-7890'),
      email: z.string().email(),
      logo: image,
    }),
    floorPlans: z.array(floorPlanSchema).length(4),
    lenders: z.array(link).length(2),
    partners: z.array(link).length(2),
    nearby: z.array(nearbyTab).length(4),
    media: z.object({
      sitePlan: image,
      specialOffer: image,
      portrait: image,
      features: z.object({ desktopPdf: sitePath, mobilePdf: sitePath }),
      video: z.object({ webm: sitePath, mp4: sitePath, poster: sitePath, title: z.string().min(1) }),
    }),
    homesites: z.object({
      /** The lot outlines of the site-plan drawing: an SVG whose shapes carry ids `lot-N` (under static/). */
      outlines: sitePath.regex(/\.svg$/, 'must be an .svg file'),
      /** Smallest lot (sq ft) each plan is built on, by plan display name: says which plans fit a homesite. */
      minimumLotSqft: z.record(z.string().min(1), z.number().int().positive()),
    }),
    disclaimer: z.string().min(1),
    sampleNotice: z.string().optional(),
  })
  .superRefine((content, context) => {
    const names = content.floorPlans.map((plan) => plan.name);
    for (const name of Object.keys(content.homesites.minimumLotSqft)) {
      if (!names.includes(name)) {
        context.addIssue({
          code: 'custom',
          path: ['homesites', 'minimumLotSqft', name],
          message: `"${name}" is not a floor plan (${names.join(', ')})`,
        });
      }
    }
  });

export type Content = z.infer<typeof contentSchema>;
export type FloorPlan = Content['floorPlans'][number];
export type NearbyTab = Content['nearby'][number];
export type NearbyPlace = NearbyTab['places'][number];
export type ContentImage = z.infer<typeof image>;
