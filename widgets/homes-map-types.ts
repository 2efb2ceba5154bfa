/** One place on the "Find your home" map: where matching homes are, how many, and the first of them. */
export interface HomesMapPlace {
  /** "Maple Hollow, Windsor". */
  name: string;
  lat: number;
  lng: number;
  /** How many matching homes and plans are here (every page's). */
  count: number;
  /** The first few of them, each a link to its page. */
  homes: { title: string; url: string; priceText: string | null }[];
}

/** "1 home", "12 homes". */
export function homesCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'home' : 'homes'}`;
}
