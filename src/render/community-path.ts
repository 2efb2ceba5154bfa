import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where the community a request is rendering lives (contract wave 4, "Addresses"): '' while the site is one
 * community's (its pages at /, /about, …), `/communities/<slug>` on a builder's site of several. Set once per
 * request by the community's router (web/community-sites.ts), and read by every link, redirect and canonical
 * address that names one of the community's pages, so the same routers and views serve either address.
 */
interface Served {
  prefix: string;
  /** The community's name; undefined for the builder's own pages. */
  name?: string;
  /** A page at the root of a builder's site of several communities: it wears the builder's frame. */
  builderRoot?: boolean;
  /** The community's status (coming-soon, selling, sold-out, closed): its pages say when it sells no homes. */
  status?: string;
}

const base = new AsyncLocalStorage<Served>();

export function withCommunityBase<T>(served: Served, work: () => T): T {
  return base.run(served, work);
}

/** Whether the page is the builder's (at the root of a site of several communities), not a community's. */
export function onBuilderRoot(): boolean {
  return base.getStore()?.builderRoot === true;
}

/** The community's address prefix for the request being handled ('' at the root). */
export function communityBase(): string {
  return base.getStore()?.prefix ?? '';
}

/** The name of the community whose address is being served (the page titles' site name); undefined at the root. */
export function communitySiteName(): string | undefined {
  return base.getStore()?.name;
}

/** The status of the community whose page is being rendered; undefined on the builder's own pages. */
export function communityStatus(): string | undefined {
  return base.getStore()?.status;
}

/** A community page's path ("/site-plan", "/tours?plan=x", "/") at the community's address. */
export function communityPath(path: string): string {
  const prefix = communityBase();
  if (prefix === '') return path;
  if (path === '/') return prefix;
  if (path.startsWith('/?') || path.startsWith('/#')) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path}`;
}
