/**
 * Which status changes release homesites, and what staff read before one is saved. Its own module, not
 * homesite-rules.ts: only the staff editor and the server need it, and the public lot map's bundle shares that one.
 */
import type { HomesiteStatus } from './homesite-rules.js';

/** A homesite that leaves `future` for one of these is released: the interest list is e-mailed (contract). */
export const RELEASED_STATUSES: readonly HomesiteStatus[] = ['available', 'quick-move-in'];

/** Whether a change of status releases the homesite (and so e-mails the confirmed interest list). */
export function isRelease(before: string | undefined, after: unknown): boolean {
  return before === 'future' && (RELEASED_STATUSES as readonly unknown[]).includes(after);
}

/** What staff read before a release is saved: who will be e-mailed, in plain words. */
export function releaseWarning(lots: readonly number[], people: number): string {
  const homesites = lots.length === 1 ? `homesite ${lots[0]}` : `${lots.length} homesites (${lots.join(', ')})`;
  const whom = people === 1 ? 'the 1 person' : `the ${people.toLocaleString('en-US')} people`;
  return `Saving this releases ${homesites}: ${whom} on the interest list will be e-mailed about it at once. This cannot be called back.`;
}
