import type { TourSlotView } from '../services/tours.js';
import {
  addDays,
  dateInZone,
  formatSlotDate,
  formatSlotTime,
  lastBookableDate,
  slotsOfDate,
  type TourHours,
} from '../shared/tour-slots.js';
import type { TourDay } from '../../views/tours/TourPage.js';

/**
 * Every date a buyer can be offered, from today to the last bookable one (at most `maxDays`), each with its open
 * times: a date the sales center is closed is listed as closed, so the calendar shows it rather than a gap. Today is
 * left out once its last time has begun.
 */
export function tourDays(
  settings: TourHours,
  timeZone: string,
  nowMs: number,
  slots: readonly TourSlotView[],
  maxDays: number,
): TourDay[] {
  const today = dateInZone(nowMs, timeZone);
  const last = lastBookableDate(settings, timeZone, nowMs);
  const times = new Map<string, TourDay['times']>();
  for (const slot of slots) {
    const date = slot.start.slice(0, 10);
    const list = times.get(date) ?? [];
    list.push({ start: slot.start, label: formatSlotTime(Date.parse(slot.start), timeZone), left: slot.left });
    times.set(date, list);
  }
  const days: TourDay[] = [];
  for (let index = 0; index < maxDays; index++) {
    const date = addDays(today, index);
    if (date > last) break;
    const open = times.get(date) ?? [];
    const label = formatSlotDate(date);
    if (slotsOfDate(settings, timeZone, date).length === 0) {
      days.push({ date, label, state: 'closed', times: [] });
    } else if (open.length > 0) {
      days.push({ date, label, state: open.some((time) => time.left > 0) ? 'open' : 'full', times: open });
    }
  }
  return days;
}

/** The day shown when the buyer has not chosen one: the first with a place left, else the first with times. */
export function firstBookableDay(days: readonly TourDay[]): TourDay | undefined {
  return days.find((day) => day.state === 'open') ?? days.find((day) => day.state === 'full');
}
