import { fillReply } from '../content/auto-reply.js';
import type { Content } from '../content/index.js';
import type { DeliveryLead } from '../db/lead-deliveries.js';
import { salesCenterAddress, salesCenterDirections } from './sales-center.js';
import { deliveryMessageId, headerSafe, tourWhen, type MailIdentity } from './staff-lead-email.js';
import { bookedTourCalendar } from './tour-calendar.js';
import { quotableFirstName } from './quoted-name.js';
import { dateInZone, formatSlotDate } from '../shared/tour-slots.js';

/**
 * The buyer's automatic reply, in the words of the content (content.autoReply): a message gets an
 * acknowledgement, a tour its booking confirmation with the calendar file attached and the link to the manage page;
 * an agent's registration gets the agent a confirmation. It comes from MAIL_FROM and answers to staff (CONTACT_TO).
 * Anyone can type any address into the forms, so it quotes nothing the sender typed but a first name that looks
 * like one (src/services/quoted-name.ts), in its text and in its To header alike; how often an address gets one is
 * limited when it is queued (src/services/auto-reply-limit.ts).
 */
export function composeAutoReply(
  lead: DeliveryLead,
  eventId: string,
  identity: MailIdentity,
  content: Content,
  siteUrl: string,
) {
  const agent = lead.kind === 'agent-registration' ? lead.agent : null;
  const firstname = quotableFirstName(agent ? agent.firstname : lead.firstname);
  const common = {
    firstname,
    community: content.community.name,
    builder: content.builder.name,
    phone: content.builder.phone,
  };
  const envelope = {
    from: { name: headerSafe(content.community.name, 100), address: identity.from },
    to: { name: headerSafe(firstname, 60), address: headerSafe(agent ? agent.email : lead.email, 254) },
    replyTo: identity.to,
    messageId: deliveryMessageId(eventId, identity),
    // RFC 3834: an automatic reply says so, so that other auto-responders do not answer it.
    headers: { 'Auto-Submitted': 'auto-replied' },
  };
  if (agent) {
    const zone = content.community.timeZone;
    const day = (iso: string) => formatSlotDate(dateInZone(Date.parse(iso), zone));
    return {
      ...envelope,
      subject: headerSafe(`Your client registration with ${content.community.name} is received`),
      text: [
        firstname ? `Hi ${firstname},` : 'Hi,',
        '',
        `Thank you for registering a client with ${content.community.name} on ${day(lead.createdAt)}.`,
        ...(agent.protectedUntil
          ? [`The registration protects your client until ${day(agent.protectedUntil)} (${zone} time).`]
          : []),
        '',
        `If you did not register anyone with us, please call our sales team at ${content.builder.phone}.`,
        '',
        `The ${content.builder.name} team`,
      ].join('\n'),
    };
  }
  if (!lead.tour) {
    const values = common;
    return {
      ...envelope,
      subject: headerSafe(fillReply(content.autoReply.message.subject, values)),
      text: fillReply(content.autoReply.message.body, values),
    };
  }
  const manage = `${siteUrl}/tours/${lead.tour.token}`;
  const address = salesCenterAddress(content);
  const values = {
    ...common,
    ...tourWhen(lead.tour.startAt, content.community.timeZone),
    address,
    manage,
    directions: salesCenterDirections(content),
  };
  const calendar = bookedTourCalendar(
    {
      id: lead.id,
      token: lead.tour.token,
      startAt: lead.tour.startAt,
      slotMinutes: lead.tour.slotMinutes,
      changedAt: lead.tour.changedAt,
      cancelled: false,
      sequence: lead.tour.sequence,
    },
    {
      communityName: content.community.name,
      builderName: content.builder.name,
      builderPhone: content.builder.phone,
      address,
      siteUrl,
    },
  );
  return {
    ...envelope,
    subject: headerSafe(fillReply(content.autoReply.tour.subject, values)),
    text: fillReply(content.autoReply.tour.body, values),
    attachments: [
      {
        filename: `${content.community.name.replace(/[^A-Za-z0-9]+/g, '-')}-tour.ics`,
        content: calendar,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}
