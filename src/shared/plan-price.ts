/** A plan's base price as buyers read it: "From $545,900", or "Pricing coming soon" while it has none. */
export function planPriceText(basePrice: number | null): string {
  return basePrice === null ? 'Pricing coming soon' : `From $${basePrice.toLocaleString('en-US')}`;
}
