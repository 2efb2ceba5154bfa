/** One recorded change as staff pages show it (view props). */
export interface HomesiteChangeView {
  id: number;
  lot: number;
  at: string;
  by: string;
  source: string;
  fields: Array<{ field: string; from: string; to: string }>;
}
