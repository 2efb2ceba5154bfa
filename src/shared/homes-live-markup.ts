/**
 * The marks the "Find your home" page carries for its live search (homes-live.ts), shared by the page's view, the
 * boot script (which loads the live search only where a form has the mark) and the map widget.
 */

/** On the filter form that updates the results as it changes. */
export const LIVE_SEARCH_ATTRIBUTE = 'data-live-search';
/** On each part of the page a new search replaces, named: the live search swaps it for the same-named part. */
export const LIVE_ATTRIBUTE = 'data-live';
/** The polite live region the new count is announced in. */
export const LIVE_STATUS_ID = 'homes-status';
/** The document event that carries a new search's places (`detail`: HomesMapPlace[]) to the map. */
export const HOMES_PLACES_EVENT = 'homes:places';
