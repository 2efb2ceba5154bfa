import type { Content } from '../content/index.js';
import type { DeliveryLead } from '../db/lead-deliveries.js';
import type { HomesiteRow } from '../db/homesites.js';
import { formatPrice } from '../shared/homesite-rules.js';
import { quotableFirstName } from './quoted-name.js';
import { deliveryMessageId, headerSafe, type MailIdentity } from './staff-lead-email.js';

/** The interest list's own links, as the e-mails carry them and the router answers them. */
export const interestConfirmPath = (token: string) => `/interest/confirm/${token}`;
export const interestUnsubscribePath = (token: string) => `/interest/unsubscribe/${token}`;

const STATUS_WORDS: Record<string, string> = {
  available: 'available to build on',
  'quick-move-in': 'a quick move-in home',
};

/**
 * What every e-mail to the list says besides its news (CAN-SPAM): who sends it, why the reader gets it, the
 * builder's postal address, and how to stop with one click.
 */
function footer(content: Content, unsubscribeUrl: string): string[] {
  const { postalAddress } = content.feed;
  return [
    '',
    '--',
    `You get this e-mail because this address was entered on the ${content.community.name} website to hear about the next release of homesites.`,
    `Sent by ${content.builder.name}, ${postalAddress.street}, ${postalAddress.city}, ${postalAddress.region} ${postalAddress.postalCode}. ${content.builder.phone}.`,
    `Unsubscribe with one click: ${unsubscribeUrl}`,
  ];
}

/**
 * RFC 8058: a mail client's "unsubscribe" button POSTs `List-Unsubscribe=One-Click` to the HTTPS URL in
 * List-Unsubscribe, without a page in between (the e-mail's own link shows a page with a button, see the router).
 */
function listHeaders(unsubscribeUrl: string): { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': string } {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function greetingOf(lead: DeliveryLead): string {
  const firstname = quotableFirstName(lead.firstname);
  return firstname ? `Hello ${firstname},` : 'Hello,';
}

function envelope(lead: DeliveryLead, eventId: string, identity: MailIdentity, content: Content) {
  return {
    from: { name: headerSafe(`${content.community.name} by ${content.builder.name}`, 100), address: identity.from },
    // Anyone can sign any address up: the only words of theirs an e-mail carries are a first name fit to quote.
    to: { name: headerSafe(quotableFirstName(lead.firstname), 60), address: headerSafe(lead.email, 254) },
    replyTo: identity.to,
    messageId: deliveryMessageId(eventId, identity),
  };
}

/** Double opt-in: the e-mail that asks the address's owner to confirm the sign-up. */
export function composeInterestConfirmation(
  lead: DeliveryLead,
  eventId: string,
  identity: MailIdentity,
  content: Content,
  siteUrl: string,
) {
  const interest = lead.interest!;
  const confirmUrl = `${siteUrl}${interestConfirmPath(interest.confirmToken)}`;
  const unsubscribeUrl = `${siteUrl}${interestUnsubscribePath(interest.unsubscribeToken)}`;
  const greeting = greetingOf(lead);
  return {
    ...envelope(lead, eventId, identity, content),
    subject: headerSafe(`Please confirm: news of the next release at ${content.community.name}`),
    headers: listHeaders(unsubscribeUrl),
    text: [
      greeting,
      '',
      `Someone, hopefully you, asked on the ${content.community.name} website to hear when ${content.builder.name} releases new homesites. Please confirm this address by opening this link:`,
      '',
      confirmUrl,
      '',
      'If you did not ask, ignore this e-mail: without a confirmation nothing more is sent to you.',
      ...footer(content, unsubscribeUrl),
    ].join('\n'),
  };
}

/** A release: the homesites that became available, each with its plan, price and page. */
export function composeInterestRelease(
  lead: DeliveryLead,
  eventId: string,
  identity: MailIdentity,
  content: Content,
  siteUrl: string,
  homesites: readonly HomesiteRow[],
) {
  const interest = lead.interest!;
  const unsubscribeUrl = `${siteUrl}${interestUnsubscribePath(interest.unsubscribeToken)}`;
  const lots = homesites.map((homesite) => homesite.lot);
  const named = lots.length === 1 ? `homesite ${lots[0]}` : `homesites ${lots.join(', ')}`;
  const lines = homesites.map((homesite) => {
    const facts = [
      STATUS_WORDS[homesite.status] ?? homesite.status,
      ...(homesite.plan ? [homesite.plan] : []),
      ...(homesite.price !== null ? [formatPrice(homesite.price)] : []),
    ];
    return `- Homesite ${homesite.lot}: ${facts.join(', ')}. ${siteUrl}/homesites/${homesite.lot}`;
  });
  return {
    ...envelope(lead, eventId, identity, content),
    subject: headerSafe(`Just released at ${content.community.name}: ${named}`),
    headers: listHeaders(unsubscribeUrl),
    text: [
      greetingOf(lead),
      '',
      `${content.builder.name} has just released ${named} at ${content.community.name}:`,
      '',
      ...lines,
      '',
      `See every homesite on the site plan: ${siteUrl}/site-plan`,
      `Call our sales team at ${content.builder.phone}, or book a tour: ${siteUrl}/tours`,
      ...footer(content, unsubscribeUrl),
    ].join('\n'),
  };
}

/** An update staff wrote to the list, as every recipient's e-mail carries it. */
export interface InterestUpdateMessage {
  subject: string;
  text: string;
}

/**
 * The parts of an update's e-mail that depend on the recipient only through their unsubscribe link: the staff
 * page's preview shows exactly these (with a placeholder token), and each recipient's e-mail is built from them.
 */
export function interestUpdateParts(
  update: InterestUpdateMessage,
  content: Content,
  siteUrl: string,
  unsubscribeToken: string,
) {
  const unsubscribeUrl = `${siteUrl}${interestUnsubscribePath(unsubscribeToken)}`;
  return {
    from: headerSafe(`${content.community.name} by ${content.builder.name}`, 100),
    subject: headerSafe(update.subject),
    headers: listHeaders(unsubscribeUrl),
    text: [update.text, ...footer(content, unsubscribeUrl)].join('\n'),
  };
}

/** An update staff wrote, to one confirmed entry, with the entry's own unsubscribe link. */
export function composeInterestUpdate(
  lead: DeliveryLead,
  eventId: string,
  identity: MailIdentity,
  content: Content,
  siteUrl: string,
  update: InterestUpdateMessage,
) {
  const { subject, headers, text } = interestUpdateParts(update, content, siteUrl, lead.interest!.unsubscribeToken);
  return { ...envelope(lead, eventId, identity, content), subject, headers, text };
}
