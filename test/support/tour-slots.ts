/** Far enough ahead that no slot a test books is past the booking cut-off while the test runs. */
const BOOKING_MARGIN_MS = 2 * 3600_000;

/** The starts of the open tour slots the site offers over the next 31 days, each at least two hours ahead. */
export async function openTourSlots(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/tour-slots?days=31`);
  const { slots } = (await response.json()) as { slots: { start: string; left: number }[] };
  return slots
    .filter((slot) => slot.left > 0 && Date.parse(slot.start) > Date.now() + BOOKING_MARGIN_MS)
    .map((slot) => slot.start);
}
