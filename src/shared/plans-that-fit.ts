/**
 * Plans whose smallest lot fits a lot of `sqft`, in the order of `plans`; a plan with no minimum fits any lot, and a
 * lot of unknown size fits every plan. The homesite pages list them on the server, the lot map in the browser.
 */
export function plansThatFit(
  plans: readonly string[],
  minimumLotSqft: Readonly<Record<string, number>>,
  sqft: number | null,
): string[] {
  return plans.filter((plan) => sqft === null || (minimumLotSqft[plan] ?? 0) <= sqft);
}
