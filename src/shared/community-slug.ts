/** A community's slug: lowercase letters, digits and `-`, 1–60 (contract wave 4, "Communities"). */
export const COMMUNITY_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

/** A slug proposed from a name: lowercase letters, digits and single hyphens, at most 60 characters. */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'community';
}
