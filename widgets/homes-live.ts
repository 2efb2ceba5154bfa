import { HOMES_PLACES_EVENT, LIVE_ATTRIBUTE, LIVE_STATUS_ID } from '../src/shared/homes-live-markup.js';

/** How long typing in a text or number field may pause before the search runs. */
const TYPING_PAUSE_MS = 250;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (element: unknown): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/** A field whose value is typed: the search waits for a pause in the typing. */
const isTyped = (field: Field) =>
  field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !/^(checkbox|radio)$/.test(field.type));

/**
 * The query the GET form sends, empty fields left out (the same search, as the server reads an empty field as no
 * filter): with `defaults`, of the form as the HTML had it, else as it is now.
 */
export function queryOfForm(form: HTMLFormElement, defaults = false): string {
  const params = new URLSearchParams();
  for (const field of form.elements) {
    if (!isField(field) || !field.name || field.disabled) continue;
    let values: string[];
    if (field instanceof HTMLSelectElement) {
      const options = [...field.options];
      const chosen = defaults
        ? (options.find((option) => option.defaultSelected) ?? options[0])
        : field.selectedOptions[0];
      values = chosen ? [chosen.value] : [];
    } else if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)) {
      values = (defaults ? field.defaultChecked : field.checked) ? [field.value] : [];
    } else if (field instanceof HTMLInputElement && /^(submit|button|reset|image|file)$/.test(field.type)) {
      values = [];
    } else values = [defaults ? field.defaultValue : field.value];
    for (const value of values) if (value !== '') params.append(field.name, value);
  }
  return params.toString();
}

/** Each field of `form` set as the same field (by id) of `next` has it: the search a link or the back button opened. */
function setFieldsFrom(form: HTMLFormElement, next: HTMLFormElement): void {
  for (const field of form.elements) {
    if (!isField(field) || !field.id) continue;
    const source = next.querySelector(`#${CSS.escape(field.id)}`);
    if (!isField(source)) continue;
    if (
      field instanceof HTMLInputElement &&
      source instanceof HTMLInputElement &&
      /^(checkbox|radio)$/.test(field.type)
    )
      field.checked = source.defaultChecked;
    else if (field instanceof HTMLSelectElement && source instanceof HTMLSelectElement) {
      const chosen = [...source.options].find((option) => option.defaultSelected) ?? source.options[0];
      field.value = chosen?.value ?? '';
    } else if (!(field instanceof HTMLSelectElement) && !(source instanceof HTMLSelectElement))
      field.value = source.defaultValue;
  }
}

/** Each drop-down's option texts as the new page has them (the bedroom choices carry their counts). */
function setOptionTextsFrom(form: HTMLFormElement, next: HTMLFormElement): void {
  for (const select of form.querySelectorAll('select[id]')) {
    const source = next.querySelector(`#${CSS.escape(select.id)}`);
    if (!(select instanceof HTMLSelectElement) || !(source instanceof HTMLSelectElement)) continue;
    for (const option of select.options) {
      const text = [...source.options].find((candidate) => candidate.value === option.value)?.text;
      if (text !== undefined && text !== option.text) option.text = text;
    }
  }
}

/** The map's places in the new page (the HomesMap widget's props), or none. */
function placesIn(next: Document): unknown[] {
  const props = next.querySelector('[data-widget="HomesMap"] > script[type="application/json"]')?.textContent;
  if (!props) return [];
  const parsed = JSON.parse(props) as { places?: unknown };
  return Array.isArray(parsed.places) ? parsed.places : [];
}

/** Hands the map the new places: to the widget if it runs, and in its props if it has yet to hydrate. */
function updateMap(next: Document): void {
  const script = document.querySelector('[data-widget="HomesMap"] > script[type="application/json"]');
  const nextScript = next.querySelector('[data-widget="HomesMap"] > script[type="application/json"]');
  if (script && nextScript) script.textContent = nextScript.textContent;
  document.dispatchEvent(new CustomEvent(HOMES_PLACES_EVENT, { detail: placesIn(next) }));
}

/** Replaces every marked part of the page by the same part of the new page. */
function swapParts(next: Document): void {
  for (const part of document.querySelectorAll<HTMLElement>(`[${LIVE_ATTRIBUTE}]`)) {
    const name = part.getAttribute(LIVE_ATTRIBUTE) ?? '';
    const source = next.querySelector<HTMLElement>(`[${LIVE_ATTRIBUTE}="${CSS.escape(name)}"]`);
    if (!source) continue;
    // The places' section holds the map, which stays (and is given the new places); its list is a part of its own.
    if (name === 'places') part.hidden = source.hidden;
    else part.replaceChildren(...[...source.childNodes].map((node) => document.adoptNode(node)));
  }
}

type Origin = 'form' | 'submit' | 'link' | 'history';

/**
 * Makes the "Find your home" filter form live: as a filter changes (typing after a short pause), the same page is
 * fetched for the form's query and its results, counts, places and pages replace the page's; the address follows
 * (one history entry per search, the back button returning to the one before), the count is announced in a polite
 * live region, and focus stays in the changed field, or moves to the results' heading after a link or "Show homes".
 * Only the newest search is ever shown: each aborts the one before. Without JavaScript the form is a plain GET form;
 * if a fetch fails, the browser simply goes to the address. Filters changed before this ran are searched at once.
 */
export function enhanceHomeSearch(form: HTMLFormElement): void {
  const path = new URL(form.action, location.href).pathname;
  let running: AbortController | undefined;
  let typing: ReturnType<typeof setTimeout> | undefined;
  /** The query of the results on screen. */
  let shown = queryOfForm(form, true);

  const addressOf = (query: string) => (query === '' ? path : `${path}?${query}`);

  async function search(url: string, origin: Origin): Promise<void> {
    clearTimeout(typing);
    running?.abort();
    const controller = new AbortController();
    running = controller;
    let html: string;
    try {
      const response = await fetch(url, { signal: controller.signal, headers: { Accept: 'text/html' } });
      // A query with a problem answers 400 with the whole page (decision 053): it is shown as any other.
      if (!response.ok && response.status !== 400) throw new Error(`The search answered ${response.status}`);
      html = await response.text();
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('The live search failed; loading the page instead', error);
      location.assign(url);
      return;
    }
    if (running !== controller) return;
    running = undefined;
    const next = new DOMParser().parseFromString(html, 'text/html');
    const nextForm = next.querySelector<HTMLFormElement>('form[data-live-search]');
    if (!nextForm || nextForm.querySelector('.field-error')) {
      // Only an address typed by hand has a problem to show beside its field: the page as the server renders it.
      if (origin === 'history') location.reload();
      else location.assign(url);
      return;
    }
    const address = new URL(url, location.href);
    shown = address.search.slice(1);
    if (origin !== 'history') {
      if (address.href === location.href) history.replaceState(history.state, '', address.href);
      else history.pushState({ homesSearch: shown }, '', address.href);
    }
    const focused = document.activeElement;
    if (origin === 'link' || origin === 'history') setFieldsFrom(form, nextForm);
    setOptionTextsFrom(form, nextForm);
    swapParts(next);
    updateMap(next);
    document.title = next.title;
    const heading = document.getElementById('homes-count');
    const status = document.getElementById(LIVE_STATUS_ID);
    if (status) {
      // Emptied first, so the same count said again is announced again.
      status.textContent = '';
      requestAnimationFrame(() => {
        status.textContent = heading?.textContent ?? '';
      });
    }
    // Focus stays where it is, unless it was on a link of the results just replaced (a page link) or the buyer asked.
    const focusLost = focused instanceof HTMLElement && focused !== document.body && !focused.isConnected;
    if (heading && (origin === 'link' || origin === 'submit' || focusLost)) {
      heading.focus({ preventScroll: true });
      heading.scrollIntoView({ block: 'start' });
    }
  }

  const searchForm = (origin: Origin) => {
    const query = queryOfForm(form);
    if (query === shown && origin !== 'submit') return;
    void search(addressOf(query), origin);
  };

  form.addEventListener('change', (event) => {
    if (isField(event.target)) searchForm('form');
  });
  form.addEventListener('input', (event) => {
    if (!isField(event.target) || !isTyped(event.target)) return;
    clearTimeout(typing);
    typing = setTimeout(() => searchForm('form'), TYPING_PAUSE_MS);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    searchForm('submit');
  });

  // A link to another search (a page, "remove the price limits", "clear all filters") is searched the same way; the
  // site's own menu link to the page stays a plain link.
  const searchArea: HTMLElement = form.parentElement ?? document.body;
  searchArea.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== path || url.hash) return;
    event.preventDefault();
    void search(url.href, 'link');
  });

  window.addEventListener('popstate', () => {
    if (location.pathname !== path || location.search.slice(1) === shown) return;
    void search(location.href, 'history');
  });

  // Its handlers are live (as a hydrated widget's placeholder says; browser tests wait for it).
  form.setAttribute('data-hydrated', '');
  // What was chosen while this loaded is searched now.
  if (queryOfForm(form) !== shown) searchForm('form');
}
