import { dateInZone } from '../shared/tour-slots.js';
import type { Content, Promotion } from './schema.js';

/** Today's date (YYYY-MM-DD) in the community's zone: promotions start and end by it. */
export function communityToday(content: Content, now: number = Date.now()): string {
  return dateInZone(now, content.community.timeZone);
}

/** Whether a promotion shows on `today`: from its first day to its last, both included. */
export function isActive(promotion: Promotion, today: string): boolean {
  return promotion.starts <= today && today <= promotion.ends;
}

/** The promotions showing today; with a plan, only those for every plan or for that one. */
export function activePromotions(content: Content, today: string, planSlug?: string): Promotion[] {
  return content.promotions.filter(
    (promotion) =>
      isActive(promotion, today) &&
      (planSlug === undefined || promotion.plans.length === 0 || promotion.plans.includes(planSlug)),
  );
}
