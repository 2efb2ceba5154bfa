import type { PrivacyNotice } from './schema.js';

/**
 * SAMPLE CONTENT: the privacy notice /privacy shows, and the Equal Housing Opportunity statement in the footer.
 * The builder replaces both with its own text, reviewed by its counsel. What the notice says must stay true of the
 * software: the fields a lead stores, the visit context, the cookies, the spam purge (SPAM_RETENTION_DAYS in
 * src/services/spam-purge.ts; test/web/privacy.test.ts checks the page names it) and the optional CRM webhook.
 */
export const privacyNotice = {
  updated: '2026-11-22',
  sampleNote:
    'Sample notice for demonstration: Summit Lane Homes would publish its own, reviewed by its counsel, in place of this text.',
  intro: [
    'This notice explains what this website keeps about you, why, for how long, and how to have it deleted. Summit Lane Homes runs the site and is responsible for it.',
  ],
  sections: [
    {
      heading: 'What you send us',
      paragraphs: ['When you send a message through the contact form or book a model-home tour, we store:'],
      items: [
        'your first and last name, e-mail address and phone number;',
        'your subject and message, or for a tour the time you chose and your note;',
        'the homesite or floor plan you asked about, when you came to the form from its page;',
        'the page you sent the form from, and your browser’s name and version (its user-agent string), which help us answer you and recognize abuse.',
      ],
    },
    {
      heading: 'Where your visit began',
      paragraphs: [
        'To learn which listings and advertisements bring buyers to us, each form also sends where your visit to the site began: the campaign labels in the address of the first page you opened (utm_source, utm_medium, utm_campaign, utm_term and utm_content), the site that linked you here (the referrer) and the address of that first page. They are stored with your message or tour booking, and only then: if you send nothing, nothing is stored.',
        'The site uses no tracking cookie, no advertising or analytics service and no third-party script. The map of nearby places loads its map pictures from a map service, which, like any website you visit, sees your network address.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Buyers get no cookies from this site. Staff who sign in to keep the site current get a session cookie, and a cookie that recognizes a browser that signed in before (it protects their accounts against password guessing).',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'Our sales counselors use what you send to answer you, arrange your visit and follow up about homes in our communities. We do not sell it, and we do not share it for anyone else’s marketing.',
        'When the site is set up to send e-mail, your message also goes to the sales office’s mailbox, and you get an automatic confirmation (for a tour, with a calendar file).',
        'If Summit Lane Homes connects the site to its customer relationship management (CRM) system, each inquiry is also sent there, so the sales team keeps one record of it.',
      ],
    },
    {
      heading: 'Spam and abuse',
      paragraphs: [
        'To slow down automated abuse, the site counts the forms that arrive from each network (IP) address for ten minutes; that count is not stored with your inquiry.',
        'Messages and tour bookings our spam filter catches are kept for 30 days, so that a genuine one caught by mistake can still be found, and are then deleted automatically.',
      ],
    },
    {
      heading: 'How long we keep it, and your choices',
      paragraphs: [
        'We keep your inquiry while we are in touch with you about a home in one of our communities. To see what we hold about you, correct it or have it deleted, contact us by phone, e-mail or in person (below). When we delete an inquiry we record only that one was deleted, when and by whom, never what it said, and we also remove its copies from the sales office’s mailbox and CRM.',
        'If we change this notice, we change the date at the top.',
      ],
    },
  ],
} satisfies PrivacyNotice;

/** The Equal Housing Opportunity statement the footer shows next to the logo (HUD's wording, with the builder's name). */
export const equalHousingStatement =
  'Summit Lane Homes is pledged to the letter and spirit of U.S. policy for the achievement of equal housing opportunity throughout the Nation. We encourage and support an affirmative advertising and marketing program in which there are no barriers to obtaining housing because of race, color, religion, sex, disability, familial status or national origin.';
