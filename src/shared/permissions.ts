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
  /** A community's setup: its list as JSON, publishing it, its status (wave 4, "A new community"). */
  communities: ['owner', 'marketing'],
  /** The list of communities and a community's checklist, read (sales sees where a community stands). */
  'community-checklist': ['owner', 'marketing', 'sales'],
  /** Opening a new community. */
  'community-create': ['owner'],
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
  /**
   * The methods the entry is for (GET also answers HEAD); absent: every method. Where one path is read by more
   * roles than may change it (the communities' list and a checklist), an entry per method says so.
   */
  methods?: readonly string[];
}

/**
 * Which area each staff path belongs to, by prefix (the longest matching prefix wins). Every method of a path
 * belongs to the same area: an area is granted whole (page, JSON, changes), as the contract's table grants it, unless
 * an entry names its methods.
 */
export const STAFF_PATHS: readonly StaffPathEntry[] = [
  { prefix: '/admin', area: 'dashboard', exact: true },
  { prefix: '/admin/account', area: 'account' },
  /** The community switcher: which of their communities the staff pages work in. */
  { prefix: '/admin/community', area: 'account', exact: true },
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
  // Communities (wave 4): `*` stands for one path segment, a community's slug.
  { prefix: '/admin/communities', area: 'communities' },
  { prefix: '/admin/communities', area: 'community-checklist', exact: true, methods: ['GET'] },
  { prefix: '/admin/communities', area: 'community-create', exact: true, methods: ['POST'] },
  { prefix: '/admin/communities/new', area: 'community-create', exact: true },
  { prefix: '/admin/communities/*', area: 'community-checklist', exact: true, methods: ['GET'] },
  { prefix: '/admin/communities/*/content', area: 'content' },
];

const PATTERNS = new Map<StaffPathEntry, RegExp>(
  STAFF_PATHS.map((entry) => {
    const literal = entry.prefix.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/.]+');
    return [entry, new RegExp(entry.exact ? `^${literal}$` : `^${literal}(?:$|[/.])`)];
  }),
);

function covers(entry: StaffPathEntry, path: string, method: string): boolean {
  if (entry.methods && !entry.methods.includes(method)) return false;
  return PATTERNS.get(entry)!.test(path);
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

/**
 * The area a staff path belongs to when asked with `method` (query string ignored), or undefined: no entry, refused
 * to everyone.
 */
export function areaOf(path: string, method = 'GET'): Area | undefined {
  const normalized = routedPath(path);
  if (normalized === undefined) return undefined;
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  let found: StaffPathEntry | undefined;
  for (const entry of STAFF_PATHS) {
    if (!covers(entry, normalized, verb)) continue;
    // The longest prefix wins; of two equally long, the one for this method.
    const better =
      !found ||
      entry.prefix.length > found.prefix.length ||
      (entry.prefix.length === found.prefix.length && entry.methods !== undefined && found.methods === undefined);
    if (better) found = entry;
  }
  return found?.area;
}

/** May this role use this area? */
export function roleMay(role: Role | undefined, area: Area | undefined): boolean {
  if (!role || !area) return false;
  return (AREAS[area] as readonly Role[]).includes(role);
}

/** May this role use this staff path with this method (a link: GET)? False for a path with no entry. */
export function mayVisit(role: Role | undefined, path: string, method = 'GET'): boolean {
  return roleMay(role, areaOf(path, method));
}
