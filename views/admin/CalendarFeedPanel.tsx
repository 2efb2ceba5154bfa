/** The signed-in account's calendar subscription, as its panel shows it. */
export interface CalendarFeedView {
  /** The feed's absolute address, with the account's token. */
  url: string;
  /** The replace form is on /admin/account; other pages link there. */
  replaceHere: boolean;
  /** Set right after a replacement, to say the old address stopped working. */
  replaced: boolean;
}

/**
 * The team calendar feed for one account: the address to subscribe to in a calendar app, and (on the account
 * page) a form that replaces the token: the old address stops working at once.
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
      {feed.replaceHere ? (
        <form method="post" action="/admin/account/calendar-token" className="upload-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit" className="button">
            Replace the address
          </button>
        </form>
      ) : (
        <p>
          If the address has leaked, <a href="/admin/account#calendar-feed-heading">replace it on your account page</a>.
        </p>
      )}
    </section>
  );
}
