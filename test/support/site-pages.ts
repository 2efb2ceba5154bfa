import type { Staff } from './staff.js';

/** One page as a browser gets it: a plain GET, or the page a plain (no JavaScript) form post answers with. */
export interface SitePage {
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  /** A form-urlencoded body, for the outcome pages of plain form posts. */
  form?: Record<string, string>;
  /** Status the page is answered with (200 unless said). */
  status?: number;
}

/** Every public page in the contract (waves 1–3), the outcome pages of the contact form and the 404 page. */
export const PUBLIC_PAGES: SitePage[] = [
  { label: 'home', path: '/' },
  { label: 'about', path: '/about' },
  { label: 'site plan', path: '/site-plan' },
  { label: 'floor plans', path: '/floor-plans' },
  { label: 'Sweetwater II', path: '/floor-plans/sweetwater-ii' },
  { label: 'Silverwood II', path: '/floor-plans/silverwood-ii' },
  { label: 'The Canyon', path: '/floor-plans/canyon' },
  { label: 'Overlook', path: '/floor-plans/overlook' },
  { label: 'a homesite', path: '/homesites/1' },
  { label: 'quick move-in homes', path: '/quick-move-in' },
  { label: 'find your home', path: '/homes' },
  { label: 'find your home, 4 bedrooms under $600,000', path: '/homes?beds=4&maxPrice=600000' },
  { label: 'contact', path: '/contact' },
  { label: 'contact, asking about a plan', path: '/contact?plan=overlook' },
  { label: 'contact, message sent', path: '/contact?sent=1' },
  {
    label: 'contact, a plain form post with problems',
    path: '/contact/submit',
    method: 'POST',
    form: { firstname: 'Ada', lastname: '', email: 'not an address', phone: '555', subject: 'Hi', message: '' },
    status: 400,
  },
  { label: 'schedule a tour', path: '/tours' },
  { label: 'privacy notice', path: '/privacy' },
  { label: 'news of the next release', path: '/interest' },
  { label: 'real-estate agents', path: '/agents' },
  { label: 'page not found', path: '/no-such-page', status: 404 },
];

/** Pages only staff see (signed in), and the sign-in page in its states. */
export const STAFF_PAGES: SitePage[] = [
  { label: 'sign in', path: '/login' },
  {
    label: 'sign in, wrong password',
    path: '/login',
    method: 'POST',
    form: { username: 'staff', password: 'not the password' },
    status: 401,
  },
  { label: 'dashboard', path: '/admin' },
  { label: 'homepage images', path: '/admin/homepage-images' },
  { label: 'homepage images, after an upload', path: '/admin/homepage-images?uploaded=1' },
  { label: 'homepage images, after a failed upload', path: '/admin/homepage-images?error=The%20file%20is%20empty.' },
  { label: 'Overlook gallery', path: '/admin/floorplan-images/overlook' },
  { label: 'The Canyon gallery', path: '/admin/floorplan-images/canyon' },
  { label: 'messages', path: '/admin/messages' },
  { label: 'homesites', path: '/admin/homesites' },
  { label: 'a homesite’s history', path: '/admin/homesites/1/history' },
];

/** Fetches one page as a browser navigation would (Accept: text/html), signed in when `staff` is given. */
export async function fetchPage(baseUrl: string, page: SitePage, staff?: Staff): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/html' };
  if (staff && page.path !== '/login') headers.Cookie = staff.cookie;
  if (page.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return fetch(`${baseUrl}${page.path}`, {
    method: page.method ?? 'GET',
    headers,
    body: page.form ? new URLSearchParams(page.form) : undefined,
    redirect: 'manual',
  });
}
