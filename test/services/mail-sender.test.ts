import { expect } from 'chai';
import { LEAD_FORM as LEAD } from '../support/contact-messages.js';
import { SmtpSink, waitFor, type ReceivedMail } from '../support/smtp-sink.js';
import { startTestServer } from '../support/test-server.js';

/** The one lead e-mail a fresh site sends for one contact post, with this environment. */
async function leadMailWith(sink: SmtpSink, env: Record<string, string>): Promise<ReceivedMail> {
  const before = sink.mails.length;
  const server = await startTestServer({ SMTP_URL: sink.url, ...env });
  try {
    const response = await fetch(`${server.url}/contact/submit`, { method: 'POST', body: new URLSearchParams(LEAD) });
    expect(await response.text()).to.equal('success');
    // The buyer's automatic reply goes out too: the lead e-mail is the one to staff.
    const toStaff = () => sink.mails.slice(before).filter((mail) => mail.to.includes(env.CONTACT_TO!));
    await waitFor(() => toStaff().length === 1);
    return toStaff()[0]!;
  } finally {
    await server.close();
  }
}

function fromHeader(mail: ReceivedMail): string | undefined {
  return /^From:\s*(.+)$/im.exec(mail.raw.split('\r\n\r\n')[0] ?? '')?.[1]?.trim();
}

describe('The sender of lead e-mails (MAIL_FROM)', () => {
  const sink = new SmtpSink();
  before(() => sink.start());
  after(() => sink.stop());

  it('is CONTACT_TO when MAIL_FROM is not set', async () => {
    const mail = await leadMailWith(sink, { CONTACT_TO: 'sales@maplehollow.example' });
    expect(mail.from).to.equal('sales@maplehollow.example');
    expect(fromHeader(mail)).to.equal('sales@maplehollow.example');
  });

  it('is MAIL_FROM when set', async () => {
    const mail = await leadMailWith(sink, {
      CONTACT_TO: 'sales@maplehollow.example',
      MAIL_FROM: 'website@maplehollow.example',
    });
    expect(mail.from).to.equal('website@maplehollow.example');
    expect(fromHeader(mail)).to.equal('website@maplehollow.example');
    expect(mail.to).to.deep.equal(['sales@maplehollow.example']);
  });
});
