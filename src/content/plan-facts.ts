import type { FloorPlan, PlanLevel } from './schema.js';

/**
 * How a floor plan's facts are written, on its page and on its drawings alike: both call these, so the numbers
 * a buyer reads in the two places come from the same fact and the same wording.
 */

export function formatBaths(baths: number): string {
  return Number.isInteger(baths) ? String(baths) : baths.toFixed(1);
}

export function formatSquareFeet(squareFeet: number): string {
  return squareFeet.toLocaleString('en-US');
}

/** "4 + study" on the page's fact list. */
export function bedsFact(plan: FloorPlan): string {
  return plan.study ? `${plan.beds} + study` : String(plan.beds);
}

/** "2-car" on the page's fact list. */
export function garageFact(plan: FloorPlan): string {
  return `${plan.garageBays}-car`;
}

export const LEVEL_TITLES: Record<PlanLevel['level'], string> = {
  main: 'Main Level',
  upper: 'Upper Level',
  lower: 'Lower Level',
};

/** One line that says what kind of home the plan is, from its stories and levels. */
export function planKind(plan: FloorPlan): string {
  if (plan.stories === 2) return 'Two-story home';
  if (plan.levels.some((level) => level.level === 'lower')) return 'Ranch with a finished lower level';
  return 'Single-level ranch';
}
