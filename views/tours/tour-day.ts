/** One day of tour times, already formatted in the community's zone by the handler. */
export interface TourDay {
  date: string;
  /** "Friday, November 27, 2026" */
  label: string;
  /** open: a time has a place left; full: every time is taken; closed: the sales center is closed that day. */
  state: 'open' | 'full' | 'closed';
  times: { start: string; label: string; left: number }[];
}
