/** The signed-in account's calendar subscription, as its panel shows it. */
export interface CalendarFeedView {
  /** The feed's absolute address, with the account's token. */
  url: string;
  /** Where the replace form sends staff back to. */
  returnTo: string;
  /** Set right after a replacement, to say the old address stopped working. */
  replaced: boolean;
}

/**
 * The team calendar feed for one account: the address to subscribe to in a calendar app, and a form that replaces
 * the token (the old address stops working at once). Self-contained, so /admin/account can show it too.
 */
export function CalendarFeedPanel({ feed, csrfToken }: { feed: CalendarFeedView; csrfToken: string }) {
  return (
    <section aria-labelledby="calendar-feed-heading" className="desk-card calendar-feed">
      <h2 id="calendar-feed-heading">Tours in your calendar</h2>
      <p>
        Subscribe to this address in Google Calendar, Outlook or Apple Calendar to see every tour from the last 30 days
        on, cancelled ones marked cancelled. It is yours alone: whoever has it can read the tours.
      </p>
      <label htmlFor="calendar-feed-url">Calendar address</label>
      <input id="calendar-feed-url" className="calendar-feed-url" readOnly value={feed.url} />
      {feed.replaced ? (
        <p className="alert alert-success" role="status">
          A new address was made; the old one no longer works.
        </p>
      ) : null}
      <form method="post" action="/admin/account/calendar-token">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="return" value={feed.returnTo} />
        <button type="submit" className="button">
          Replace the address
        </button>
      </form>
    </section>
  );
}
