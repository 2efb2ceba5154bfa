import { derivedFrom } from './derived.js';
import type { Content } from './schema.js';

/** The parts of a community's content that come from its own sections (COMMUNITY_SECTION_IDS). */
const COMMUNITY_PARTS = ['community', 'floorPlans', 'promotions', 'tours', 'nearby', 'media', 'homesites'] as const;

/**
 * What the builder's own pages read on a site of several communities (`/contact`, `/privacy`, `/agents`): the
 * builder-wide sections (builder, legal texts, agents, partners, financing, the feed's postal address, page
 * headings) and nothing of any community, so such a page can never speak with one community's name, address or
 * hours. A page that needs the communities lists them itself.
 */
export type BuilderContent = Omit<Content, (typeof COMMUNITY_PARTS)[number]>;

/** Either view a public page may render: a community's whole content, or the builder's own. */
export type SiteContent = Content | BuilderContent;

export function isCommunityContent(content: SiteContent): content is Content {
  return 'community' in content;
}

/** The builder-wide view of a revision (every community's revision carries the same builder-wide sections). */
export function builderContentOf(content: Content): BuilderContent {
  return derivedFrom(content, 'builder-content', () => {
    const view: Record<string, unknown> = { ...content };
    for (const part of COMMUNITY_PARTS) delete view[part];
    return Object.freeze(view) as BuilderContent;
  });
}
