/** Constants and messages of the seed specification (shared/spec/seed-spec.md §8, §9), named as it names them. */
export const MESSAGES = {
  contactFailure: 'An error occurred while processing your request, please try again.',
  invalidPhone: 'Invalid phone number',
  contactSuccess: 'Thank you for contacting us!',
  brokenAdminImage: 'failed to load',
  videoUnsupported: 'This browser does not support video tags.',
} as const;

export const FORMATTED_PHONE_LENGTH = 14;
export const PHONE_DIGITS = 10;

export const CAROUSEL = { intervalMs: 5000, transitionMs: 800, infiniteLoop: true, showArrows: false } as const;

// §9's admin grid (2 per row, 1 under 576 px window width) is a media query: it lives in
// widgets/AdminImagesEditor.css, the one place a stylesheet can read it from, and is tested in a browser.

export const NEARBY_MAP_HEIGHT = '30vh';

export const LENDERS_HREF = '/about#lenders';

/** The list of quick move-in homes (contract, wave 2), linked from the nav, the footer and the home page. */
export const QUICK_MOVE_IN_PATH = '/quick-move-in';
