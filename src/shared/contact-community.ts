/**
 * The contact form's field naming the community a message is about, on the builder's contact page. A module of its
 * own: the contact-form module is in the boot script every page loads, and this is the contact widget's alone.
 */
export const COMMUNITY_FIELD = 'community';
