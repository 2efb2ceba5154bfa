import type { Content } from './schema.js';

/**
 * The one place code asks for what the public site says. The published content is held in memory, one immutable
 * object per revision: a publish (here or on another instance) swaps it, so nothing may keep a copy of it or of
 * anything computed from it beyond one request. What is derived from a revision is computed once through
 * `derivedFrom` (content/derived.ts), keyed by that object.
 */
export interface ContentSource {
  /** The published content in force now (the first community's, on a site of several). */
  published(): Content;
  /** One community's published content; undefined for a community without any (decision 050). */
  publishedFor(community: number): Content | undefined;
}

/** A source that never changes: tools and tests that render fixed content. */
export function fixedContentSource(content: Content): ContentSource {
  return { published: () => content, publishedFor: () => content };
}
