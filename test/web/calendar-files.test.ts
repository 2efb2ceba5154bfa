import { expect } from 'chai';
import ICAL from 'ical.js';
import { bookedTourCalendar, eventsCalendar, type TourEvent } from '../../src/services/tour-calendar.js';
import { saveAndPublish } from '../support/content-api.js';
import { signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { startTestServer, TEST_SITE_URL, type TestServer } from '../support/test-server.js';
import { openTourSlots } from '../support/tour-slots.js';

/**
 * Every calendar file the site writes (the buyer's tour .ics, the copy e-mailed with the confirmation, the team's
 * /admin/tours.ics feed) is RFC 5545 text built line by line through one escaping: whatever a builder's name, a
 * community's address or a buyer's note holds, it stays the value of its own property.
 */

/** A line break of every kind, property lines after them, TEXT's special characters, controls and an emoji. */
const HOSTILE =
  'Summit Lane Homes\nX-INJECTED:yes\r\nBCC:victim@example.com\rX-LONE-CR:yes; a, b\\ c\u0000\u0001\u001f 😀';

const CALENDAR_PROPERTIES = ['version', 'prodid', 'calscale', 'method'];
const EVENT_PROPERTIES = [
  'uid',
  'sequence',
  'dtstamp',
  'dtstart',
  'dtend',
  'summary',
  'location',
  'description',
  'url',
  'status',
];

const namesOf = (component: ICAL.Component) => component.getAllProperties().map((property) => property.name);

/** The calendar read by ical.js, after checking its lines: CRLF only, none longer than 75 octets. */
function parseCalendar(ics: string): ICAL.Component {
  expect(ics.endsWith('\r\n')).to.equal(true);
  const lines = ics.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(line, JSON.stringify(line)).not.to.match(/[\r\n]/);
    expect(Buffer.byteLength(line), line).to.be.at.most(75);
    // eslint-disable-next-line no-control-regex -- a content line holds no control character but HTAB (§3.1)
    expect(line, JSON.stringify(line)).not.to.match(/[\u0000-\u0008\u000a-\u001f\u007f]/);
  }
  return new ICAL.Component(ICAL.parse(ics));
}

function expectOnlyItsOwnProperties(ics: string, calendarName: boolean): ICAL.Component[] {
  const calendar = parseCalendar(ics);
  expect(namesOf(calendar)).to.have.members([...CALENDAR_PROPERTIES, ...(calendarName ? ['x-wr-calname'] : [])]);
  const events = calendar.getAllSubcomponents('vevent');
  expect(events.length).to.be.greaterThan(0);
  for (const event of events) expect(namesOf(event)).to.have.members(EVENT_PROPERTIES);
  return events;
}

describe('Calendar files: one escaping for every line', () => {
  const event: TourEvent = {
    uid: `tour-1@maplehollow.example${HOSTILE}`,
    startMs: Date.parse('2026-12-01T17:00:00Z'),
    endMs: Date.parse('2026-12-01T18:00:00Z'),
    stampMs: Date.parse('2026-11-26T17:00:00Z'),
    summary: `Tour: ${HOSTILE}`,
    location: HOSTILE,
    description: `${HOSTILE}\n${'A long note. '.repeat(20)}`,
    url: `https://maplehollow.example/tours/abc\r\nX-INJECTED:yes`,
    cancelled: false,
    sequence: 0,
  };

  it('keeps a hostile product id, calendar name and every event field inside its own property', () => {
    const ics = eventsCalendar([event, { ...event, cancelled: true }], `-//${HOSTILE}//${HOSTILE} tours//EN`, HOSTILE);
    const [first] = expectOnlyItsOwnProperties(ics, true);
    const calendar = parseCalendar(ics);
    // The value reads back as it was written, its line breaks as line breaks, its controls dropped.
    const cleaned = 'Summit Lane Homes\nX-INJECTED:yes\nBCC:victim@example.com\nX-LONE-CR:yes; a, b\\ c 😀';
    expect(calendar.getFirstPropertyValue('prodid')).to.equal(`-//${cleaned}//${cleaned} tours//EN`);
    // ical.js gives an X- property (of no known type) as written: escaped TEXT, on one line.
    const escaped = String.raw`Summit Lane Homes\nX-INJECTED:yes\nBCC:victim@example.com\nX-LONE-CR:yes\; a\, b\\ c 😀`;
    expect(calendar.getFirstPropertyValue('x-wr-calname')).to.equal(escaped);
    expect(first!.getFirstPropertyValue('location')).to.equal(cleaned);
    expect(first!.getFirstPropertyValue('summary')).to.equal(`Tour: ${cleaned}`);
    expect(String(first!.getFirstPropertyValue('url'))).to.equal('https://maplehollow.example/tours/abcX-INJECTED:yes');
  });

  it("keeps a buyer's file one event whatever the builder's and community's names and address hold", () => {
    const ics = bookedTourCalendar(
      {
        id: 7,
        token: 'abc',
        startAt: '2026-12-01T17:00:00.000Z',
        slotMinutes: 60,
        changedAt: '2026-11-26T17:00:00.000Z',
        cancelled: false,
        sequence: 0,
      },
      {
        communityName: HOSTILE,
        builderName: HOSTILE,
        builderPhone: HOSTILE,
        address: HOSTILE,
        siteUrl: 'https://maplehollow.example',
      },
    );
    expectOnlyItsOwnProperties(ics, false);
  });
});

describe('GET /tours/<token>.ics and /admin/tours.ics with hostile content and bookings', function () {
  this.timeout(60_000);
  let server: TestServer;
  let staff: Staff;
  before(async () => {
    server = await startTestServer({ ...STAFF_ENV, CONTACT_RATE_LIMIT: '0', SITE_URL: TEST_SITE_URL });
    staff = await signIn(server.url);
  });
  after(() => server?.close());

  it("adds no property to the buyer's file or the team's feed, whatever the builder's name or a buyer's note holds", async () => {
    // The builder's name as a JSON call sends it, line breaks and all (the way the injection was found).
    const builderName = 'Summit Lane Homes\nX-INJECTED:yes\r\nBCC:victim@example.com\rX-CR:yes; a, b\\ 😀';
    const { save, publish } = await saveAndPublish(server.url, staff, 'builder', (data) => ({
      ...data,
      name: builderName,
    }));
    expect(save.status, await save.clone().text()).to.equal(200);
    expect(publish?.status).to.equal(200);

    const [start] = await openTourSlots(server.url);
    const booking = await fetch(`${server.url}/tours`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        firstname: 'Ada\r\nX-INJECTED:yes',
        lastname: 'Lovelace;,\\',
        email: 'ada@example.com',
        phone: '(970) 555-0199',
        message: `We have two kids.\rX-INJECTED:yes\r\nBCC:victim@example.com\nEND:VEVENT`,
        start: start!,
      }),
    });
    expect(booking.status, await booking.clone().text()).to.equal(200);
    const { ics } = (await booking.json()) as { ics: string };
    const buyerFile = await (await fetch(`${server.url}${ics}`)).text();
    expectOnlyItsOwnProperties(buyerFile, false);

    const tours = await (await fetch(`${server.url}/admin/tours`, { headers: { Cookie: staff.cookie } })).text();
    const feedUrl = /value="https:\/\/maplehollow\.example(\/admin\/tours\.ics\?token=[A-Za-z0-9_-]+)"/.exec(
      tours,
    )?.[1];
    expect(feedUrl, 'the calendar address on /admin/tours').to.be.a('string');
    const feed = await (await fetch(`${server.url}${feedUrl}`)).text();
    const [event] = expectOnlyItsOwnProperties(feed, true);
    expect(String(event!.getFirstPropertyValue('description'))).to.include('END:VEVENT');
  });
});
