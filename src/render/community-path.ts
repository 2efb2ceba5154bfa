import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where the community a request is rendering lives (contract wave 4, "Addresses"): '' while the site is one
 * community's (its pages at /, /about, …), `/communities/<slug>` on a builder's site of several. Set once per
 * request by the community's router (web/community-sites.ts), and read by every link, redirect and canonical
 * address that names one of the community's pages, so the same routers and views serve either address.
 */
const base = new AsyncLocalStorage<{ prefix: string; name: string }>();

export function withCommunityBase<T>(community: { prefix: string; name: string }, work: () => T): T {
  return base.run(community, work);
}

/** The community's address prefix for the request being handled ('' at the root). */
export function communityBase(): string {
  return base.getStore()?.prefix ?? '';
}

/** The name of the community whose address is being served (the page titles' site name); undefined at the root. */
export function communitySiteName(): string | undefined {
  return base.getStore()?.name;
}

/** A community page's path ("/site-plan", "/tours?plan=x", "/") at the community's address. */
export function communityPath(path: string): string {
  const prefix = communityBase();
  if (prefix === '') return path;
  if (path === '/') return prefix;
  if (path.startsWith('/?') || path.startsWith('/#')) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path}`;
}
