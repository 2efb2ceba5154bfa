/**
 * THE permission table (contract, "A team with roles"): which role may use which area, and which area each staff
 * path belongs to. Every staff router (through requirePermission) and every staff view (the nav, the dashboard's
 * cards) asks this module; a staff path without an entry belongs to no area and is refused to every role (deny by
 * default). test/web/role-matrix.test.ts walks every staff route for every role and compares with this table.
 * Shared (no server imports), so views and widgets can ask it too.
 */

export const ROLES = ['owner', 'marketing', 'sales'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** How each role is named to people. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  marketing: 'Marketing',
  sales: 'Sales',
};

/**
 * The areas of the contract's table, plus two every staff member has: the dashboard and their own account.
 * `content` covers content, files, the carousel and galleries (and the draft preview).
 */
export const AREAS = {
  dashboard: ['owner', 'marketing', 'sales'],
  account: ['owner', 'marketing', 'sales'],
  content: ['owner', 'marketing'],
  homesites: ['owner', 'marketing', 'sales'],
  leads: ['owner', 'sales'],
  tours: ['owner', 'sales'],
  team: ['owner'],
  audit: ['owner'],
} as const satisfies Record<string, readonly Role[]>;
export type Area = keyof typeof AREAS;

export interface StaffPathEntry {
  /**
   * A path prefix: it covers the path itself and everything below it (`/admin/homesites` covers `/admin/homesites`,
   * `/admin/homesites/12`, `/admin/homesites.csv`), unless `exact`.
   */
  prefix: string;
  area: Area;
  exact?: boolean;
}

/**
 * Which area each staff path belongs to, by prefix (the longest matching prefix wins). Every method of a path
 * belongs to the same area: an area is granted whole (page, JSON, changes), as the contract's table grants it.
 */
export const STAFF_PATHS: readonly StaffPathEntry[] = [
  { prefix: '/admin', area: 'dashboard', exact: true },
  { prefix: '/admin/account', area: 'account' },
  // Content, files, carousel, galleries.
  { prefix: '/admin/content', area: 'content' },
  { prefix: '/admin/files', area: 'content' },
  { prefix: '/admin/homepage-images', area: 'content' },
  { prefix: '/admin/floorplan-images', area: 'content' },
  { prefix: '/admin/images', area: 'content' },
  { prefix: '/admin/reorder', area: 'content' },
  { prefix: '/admin/delete', area: 'content' },
  { prefix: '/admin/upload', area: 'content' },
  { prefix: '/preview', area: 'content' },
  // Homesites: edit, bulk, import, export.
  { prefix: '/admin/homesites', area: 'homesites' },
  // The sales desk: the inbox and its CSV, leads, the interest list, agents' registrations, tours.
  { prefix: '/admin/messages', area: 'leads' },
  { prefix: '/admin/leads', area: 'leads' },
  { prefix: '/admin/interest', area: 'leads' },
  { prefix: '/admin/agents', area: 'leads' },
  { prefix: '/admin/tours', area: 'tours' },
  // The team calendar's token is replaced on one's own account page, by the roles that see tours.
  { prefix: '/admin/account/calendar-token', area: 'tours' },
  // The owner's.
  { prefix: '/admin/team', area: 'team' },
  { prefix: '/admin/audit', area: 'audit' },
];

function covers(entry: StaffPathEntry, path: string): boolean {
  if (path === entry.prefix) return true;
  if (entry.exact) return false;
  if (!path.startsWith(entry.prefix)) return false;
  const next = path.charAt(entry.prefix.length);
  return next === '/' || next === '.';
}

/**
 * A path in the form the router matches it, or undefined for one no staff page may be reached by. Express (its
 * defaults, kept in app.ts) matches route paths case-insensitively, ignores one trailing slash, and compares the
 * path as sent, still percent-encoded: so `/admin/account/Calendar-Token` runs the calendar-token route, and must
 * be judged as `/admin/account/calendar-token`. A path with an empty or dot segment, or an encoded slash,
 * backslash or dot, is no staff page's form: it belongs to no area (docs/decisions/045-form-origins-and-staff-paths.md).
 */
export function routedPath(path: string): string | undefined {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  // A trailing slash is the same page (trailing-slash.ts redirects it): /admin/ is the dashboard.
  const trimmed = bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
  if (/\/\/|\/\.\.?(?:\/|$)|%2f|%5c|%2e|\\/i.test(trimmed)) return undefined;
  return trimmed.toLowerCase();
}

/** The area a staff path belongs to (query string ignored), or undefined: no entry, refused to everyone. */
export function areaOf(path: string): Area | undefined {
  const normalized = routedPath(path);
  if (normalized === undefined) return undefined;
  let found: StaffPathEntry | undefined;
  for (const entry of STAFF_PATHS) {
    if (covers(entry, normalized) && (!found || entry.prefix.length > found.prefix.length)) found = entry;
  }
  return found?.area;
}

/** May this role use this area? */
export function roleMay(role: Role | undefined, area: Area | undefined): boolean {
  if (!role || !area) return false;
  return (AREAS[area] as readonly Role[]).includes(role);
}

/** May this role use this staff path (any method)? False for a path with no entry. */
export function mayVisit(role: Role | undefined, path: string): boolean {
  return roleMay(role, areaOf(path));
}
