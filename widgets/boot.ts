import { fillLeadForms, recordFirstLanding } from './first-landing.js';
import { PHONE_FORMAT_ATTRIBUTE } from '../src/shared/phone-input.js';
import { LIVE_SEARCH_ATTRIBUTE } from '../src/shared/homes-live-markup.js';
import { HYDRATE_ATTRIBUTE, WIDGET_ATTRIBUTE } from './registry.js';
import { whenNearViewport } from './when-near-viewport.js';
import { whenPainted } from './when-painted.js';

/**
 * The only script a page names. It is tiny: React and each widget load with dynamic imports, and only once the
 * page has loaded and painted its text and its largest image, so the server-rendered page (already complete) is on
 * screen first and the widgets' code never competes with it. `visible` widgets wait until they near the viewport.
 */
function hydrate(placeholder: HTMLElement): void {
  import('./hydrate-widget.js')
    .then(({ hydrateWidget }) => hydrateWidget(placeholder))
    .catch((error: unknown) => console.error(error));
}

function boot(): void {
  for (const placeholder of document.querySelectorAll<HTMLElement>(`[${WIDGET_ATTRIBUTE}]`)) {
    if (placeholder.getAttribute(HYDRATE_ATTRIBUTE) === 'visible')
      whenNearViewport(placeholder, () => hydrate(placeholder));
    else hydrate(placeholder);
  }
}

// At once, not after load: a buyer who sends a lead form before the page finished loading sends the visit's context.
recordFirstLanding();
fillLeadForms();

// A form that is not a widget formats its phone as the buyer types; its small module loads only where one is.
if (document.querySelector(`input[${PHONE_FORMAT_ATTRIBUTE}]`))
  import('./phone-input.js')
    .then(({ enhancePhoneInputs }) => enhancePhoneInputs(document))
    .catch((error: unknown) => console.error(error));

// The live home search: the form works without it; its small module (no React) loads only where that form is, at
// once, so a filter changed while the page loads is searched as soon as it runs.
const liveSearch = document.querySelector<HTMLFormElement>(`form[${LIVE_SEARCH_ATTRIBUTE}]`);
if (liveSearch)
  import('./homes-live.js')
    .then(({ enhanceHomeSearch }) => enhanceHomeSearch(liveSearch))
    .catch((error: unknown) => console.error(error));

whenPainted()
  .then(boot)
  .catch((error: unknown) => console.error(error));
