/**
 * Tour slots from the sales center's hours, computed in the community's IANA time zone with Intl alone: no date
 * library, no server time zone. Pure, so the server, the tests and the tour page widget share one rule.
 */

import { boundedMemo } from './bounded-memo.js';
import { zonedFormatter } from './time-zone.js';

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TourHours {
  hours: Record<Weekday, { opens: string; closes: string } | null>;
  slotMinutes: number;
  partiesPerSlot: number;
  closedDates: readonly string[];
  daysAhead: number;
}

/** One slot: instants in UTC milliseconds, and the local calendar date it falls on. */
export interface SlotTime {
  date: string;
  startMs: number;
  endMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The wall clock's parts in a zone, with a 24-hour clock. */
const WALL_CLOCK_PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** The wall clock in `timeZone` at an instant, read through Intl (a few microseconds each). */
function readWallClock(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of zonedFormatter(timeZone, WALL_CLOCK_PARTS).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Object.freeze({
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  });
}

/**
 * What `compute` answers for an instant in a zone, kept when the instant is a whole minute. Slots fall on whole
 * minutes and every page that offers or lists tours reads the same ones again, several times per slot: the tours
 * pages spent most of their time in Intl. Any other instant (the present moment, a stored time) is computed each
 * time: it never comes again, and keeping it would only push the slots out.
 */
function keptAtWholeMinutes<V>(
  memo: (key: string, compute: () => V) => V,
  instantMs: number,
  timeZone: string,
  compute: () => V,
): V {
  return instantMs % MINUTE === 0 ? memo(`${timeZone} ${instantMs}`, compute) : compute();
}

const wallClocks = boundedMemo<WallClock>(20_000);

/** The wall clock in `timeZone` at an instant: year, month (1-12), day, hour, minute, second. */
function wallClock(instantMs: number, timeZone: string): WallClock {
  return keptAtWholeMinutes(wallClocks, instantMs, timeZone, () => readWallClock(instantMs, timeZone));
}

/** Minutes the zone's wall clock is ahead of UTC at an instant (America/Denver: -420 in winter, -360 in summer). */
export function zoneOffsetMinutes(instantMs: number, timeZone: string): number {
  const wall = wallClock(instantMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((wallAsUtc - Math.floor(instantMs / 1000) * 1000) / MINUTE);
}

function parseDate(date: string): { year: number; month: number; day: number } | undefined {
  const match = DATE_PATTERN.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(date: string): boolean {
  return parseDate(date) !== undefined;
}

/** Instants of well-formed wall times already found (NaN for a time the zone skips), by zone, date and time. */
const instantOfWallTime = boundedMemo<number>(20_000);
const NO_INSTANT = Number.NaN;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;

/**
 * The instant a local wall-clock time happens in `timeZone`, or undefined when that time does not exist there (the
 * hour skipped when clocks spring forward). The offset is read at a first guess and again at the result, because
 * the guess can sit on the other side of a daylight-saving change; an ambiguous time (clocks falling back) takes
 * the earlier instant.
 */
export function wallTimeToInstant(date: string, time: string, timeZone: string): number | undefined {
  // Only well-formed input is kept, so that what a request sends cannot fill the memo with long keys.
  if (!DATE_PATTERN.test(date) || !TIME_PATTERN.test(time)) return undefined;
  const instant = instantOfWallTime(`${timeZone} ${date} ${time}`, () => findWallTimeInstant(date, time, timeZone));
  return Number.isNaN(instant) ? undefined : instant;
}

function findWallTimeInstant(date: string, time: string, timeZone: string): number {
  const day = parseDate(date);
  const clock = TIME_PATTERN.exec(time);
  if (!day || !clock) return NO_INSTANT;
  const hour = Number(clock[1]);
  const minute = Number(clock[2]);
  const wallAsUtc = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  const candidates = new Set<number>();
  for (const probe of [wallAsUtc - DAY / 2, wallAsUtc, wallAsUtc + DAY / 2]) {
    candidates.add(wallAsUtc - zoneOffsetMinutes(probe, timeZone) * MINUTE);
  }
  const matching = [...candidates]
    .filter((instant) => {
      const wall = wallClock(instant, timeZone);
      return (
        wall.year === day.year &&
        wall.month === day.month &&
        wall.day === day.day &&
        wall.hour === hour &&
        wall.minute === minute
      );
    })
    .sort((a, b) => a - b);
  return matching[0] ?? NO_INSTANT;
}

function pad(value: number, width = 2): string {
  return String(Math.abs(value)).padStart(width, '0');
}

/** ISO 8601 with the zone's offset at that instant: 2026-11-23T10:00:00-07:00. */
export function formatIsoInZone(instantMs: number, timeZone: string): string {
  const wall = wallClock(instantMs, timeZone);
  const offset = zoneOffsetMinutes(instantMs, timeZone);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** The local calendar date (YYYY-MM-DD) in `timeZone` at an instant. */
export function dateInZone(instantMs: number, timeZone: string): string {
  const wall = wallClock(instantMs, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** A calendar date plus n days (n may be negative). */
export function addDays(date: string, days: number): string {
  const day = parseDate(date);
  if (!day) throw new Error(`not a calendar date: ${date}`);
  return new Date(Date.UTC(day.year, day.month - 1, day.day + days)).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  const day = parseDate(date);
  if (!day) throw new Error(`not a calendar date: ${date}`);
  return WEEKDAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()]!;
}

function minutesOf(time: string): number {
  const [hour, minute] = time.split(':').map(Number);
  return hour! * 60 + minute!;
}

function clockOf(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Every slot of one local date by the hours alone (past or not), none on a closed date or weekday. */
export function slotsOfDate(settings: TourHours, timeZone: string, date: string): SlotTime[] {
  if (!isCalendarDate(date) || settings.closedDates.includes(date)) return [];
  const hours = settings.hours[weekdayOf(date)];
  if (!hours) return [];
  const slots: SlotTime[] = [];
  const closes = minutesOf(hours.closes);
  for (let at = minutesOf(hours.opens); at + settings.slotMinutes <= closes; at += settings.slotMinutes) {
    const startMs = wallTimeToInstant(date, clockOf(at), timeZone);
    if (startMs === undefined) continue;
    slots.push({ date, startMs, endMs: startMs + settings.slotMinutes * MINUTE });
  }
  return slots;
}

/** The last local date that can be booked: today in the zone plus `daysAhead`. */
export function lastBookableDate(settings: TourHours, timeZone: string, nowMs: number): string {
  return addDays(dateInZone(nowMs, timeZone), settings.daysAhead);
}

/** Bookable slots of `days` local dates from `from`: in the future and no further ahead than the settings allow. */
export function upcomingSlots(
  settings: TourHours,
  timeZone: string,
  from: string,
  days: number,
  nowMs: number,
): SlotTime[] {
  const last = lastBookableDate(settings, timeZone, nowMs);
  const slots: SlotTime[] = [];
  for (let index = 0; index < days; index++) {
    const date = addDays(from, index);
    if (date > last) break;
    slots.push(...slotsOfDate(settings, timeZone, date).filter((slot) => slot.startMs > nowMs));
  }
  return slots;
}

export type SlotCheck =
  { ok: true; slot: SlotTime } | { ok: false; reason: 'malformed' | 'unknown' | 'closed' | 'past' | 'too-far' };

/** An ISO 8601 instant with seconds and an offset or Z, as the slot list gives it. */
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Says whether a posted `start` is a slot that can be booked now, and if not, why. */
export function checkSlotStart(settings: TourHours, timeZone: string, raw: string, nowMs: number): SlotCheck {
  if (!INSTANT_PATTERN.test(raw)) return { ok: false, reason: 'malformed' };
  const instant = Date.parse(raw);
  if (Number.isNaN(instant)) return { ok: false, reason: 'malformed' };
  const date = dateInZone(instant, timeZone);
  const weekdayHours = settings.hours[weekdayOf(date)];
  if (settings.closedDates.includes(date) || !weekdayHours) return { ok: false, reason: 'closed' };
  const slot = slotsOfDate(settings, timeZone, date).find((candidate) => candidate.startMs === instant);
  if (!slot) return { ok: false, reason: 'unknown' };
  if (slot.startMs <= nowMs) return { ok: false, reason: 'past' };
  if (date > lastBookableDate(settings, timeZone, nowMs)) return { ok: false, reason: 'too-far' };
  return { ok: true, slot };
}

const SLOT_TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const slotTimeLabels = boundedMemo<string>(20_000);
/** "10:00 AM MST": the time at the community, its zone named. */
export function formatSlotTime(instantMs: number, timeZone: string): string {
  return keptAtWholeMinutes(slotTimeLabels, instantMs, timeZone, () =>
    zonedFormatter(timeZone, SLOT_TIME).format(new Date(instantMs)),
  );
}

const SLOT_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };
/** "Monday, November 23, 2026" for a local calendar date. */
export function formatSlotDate(date: string): string {
  return zonedFormatter('UTC', SLOT_DATE).format(new Date(`${date}T12:00:00Z`));
}
