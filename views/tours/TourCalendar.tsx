import { addDays, weekdayOf, WEEKDAYS } from '../../src/shared/tour-slots.js';
import type { TourDay } from './tour-day.js';

interface TourCalendarProps {
  days: TourDay[];
  /** The date whose times the page shows. */
  chosen?: string;
  /** Where choosing a date leads: the tour page for that date. */
  hrefOf: (date: string) => string;
}

const WEEKDAY_NAMES = WEEKDAYS.map((day) => day[0]!.toUpperCase() + day.slice(1));
const MONTH = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const MONTH_NAME = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long' });

const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

/** The listed dates of each month, in order. */
function byMonth(days: TourDay[]): TourDay[][] {
  const months = new Map<string, TourDay[]>();
  for (const day of days) {
    const key = day.date.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), day]);
  }
  return [...months.values()];
}

/** Weeks from Sunday to Saturday covering the month's listed dates; a date not listed is an empty cell. */
function weeksOf(month: TourDay[]): (TourDay | undefined)[][] {
  const listed = new Map(month.map((day) => [day.date, day]));
  const first = month[0]!.date;
  const last = month.at(-1)!.date;
  const weeks: (TourDay | undefined)[][] = [];
  let date = addDays(first, -WEEKDAYS.indexOf(weekdayOf(first)));
  while (date <= last) {
    const week: (TourDay | undefined)[] = [];
    for (let index = 0; index < 7; index++, date = addDays(date, 1)) week.push(listed.get(date));
    weeks.push(week);
  }
  return weeks;
}

/** "27", named in full for a screen reader: "Friday, November 27". */
function DateName({ date }: { date: string }) {
  return (
    <span className="tour-date-number">
      <span className="visually-hidden">
        {WEEKDAY_NAMES[WEEKDAYS.indexOf(weekdayOf(date))]}, {MONTH_NAME.format(noonOf(date))}{' '}
      </span>
      {Number(date.slice(8))}
    </span>
  );
}

const NOTES = { open: null, full: 'Full', closed: 'Closed' } as const;

function DateCell({ day, chosen, hrefOf }: { day: TourDay; chosen: boolean; hrefOf: (date: string) => string }) {
  const note = NOTES[day.state];
  const inner = (
    <>
      <DateName date={day.date} />
      {note ? <span className="tour-date-note">{note}</span> : null}
    </>
  );
  // A closed day is said, never linked: it has no times to show.
  if (day.state === 'closed') {
    return <span className={`tour-date tour-date-closed${chosen ? ' tour-date-chosen' : ''}`}>{inner}</span>;
  }
  return (
    <a
      className={`tour-date tour-date-${day.state}`}
      href={hrefOf(day.date)}
      aria-current={chosen ? 'page' : undefined}
    >
      {inner}
    </a>
  );
}

/** The days a tour can be booked, month by month, one column per weekday: each open day links to its times. */
export function TourCalendar({ days, chosen, hrefOf }: TourCalendarProps) {
  return (
    <div className="tour-calendar">
      {byMonth(days).map((month) => (
        <table key={month[0]!.date} className="tour-month">
          <caption>{MONTH.format(noonOf(month[0]!.date))}</caption>
          <thead>
            <tr>
              {WEEKDAY_NAMES.map((name) => (
                <th key={name} scope="col">
                  <abbr title={name}>{name.slice(0, 3)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeksOf(month).map((week) => (
              <tr key={week.find(Boolean)!.date}>
                {week.map((day, index) => (
                  <td key={day?.date ?? index}>
                    {day ? <DateCell day={day} chosen={day.date === chosen} hrefOf={hrefOf} /> : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
