import { community } from './community.js';
import { ContentError } from './errors.js';
import { contentSchema, type Content } from './schema.js';

export { ContentError };

/** Validates content against the schema; a bad value stops start-up with a message that names the field. */
export function validateContent(raw: unknown): Content {
  const parsed = contentSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  content.${issue.path.join('.')}: ${issue.message}`);
    throw new ContentError(`Invalid community content:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function loadContent(): Content {
  return validateContent(community);
}

/** Route slug → display name, as the seed maps the last path segment (sweetwater-ii → Sweetwater II …). */
export function floorPlanBySlug(content: Content, slug: string) {
  return content.floorPlans.find((plan) => plan.slug === slug);
}

export type {
  Content,
  Promotion,
  TourSettings,
  FloorPlan,
  PlanLevel,
  NearbyTab,
  NearbyPlace,
  ContentImage,
} from './schema.js';
