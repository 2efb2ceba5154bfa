import { expect } from 'chai';
import { SmtpSink, waitFor } from '../support/smtp-sink.js';
import { postSignIn, signIn, STAFF_ENV, type Staff } from '../support/staff.js';
import { acceptInvitation, staffCall, teamMember } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The one link of a plain-text letter (quoted-printable soft breaks joined). */
function linkIn(raw: string, path: string): string {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https?://[^\\s]+${path}/[A-Za-z0-9_-]+`).exec(body);
  expect(match, `a ${path} link in the letter`).to.not.equal(null);
  return match![0];
}

function postForgot(url: string, who: string): Promise<Response> {
  return fetch(`${url}/login/forgot`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url },
    body: new URLSearchParams({ who }),
  });
}

/** A password-reset letter (quoted-printable soft breaks joined). */
function isResetLetter(raw: string): boolean {
  return raw.replace(/=\r?\n/g, '').includes('/login/reset/');
}

describe('Staff e-mail through a real SMTP server', () => {
  const sink = new SmtpSink();
  let server: TestServer;
  let owner: Staff;

  before(async () => {
    await sink.start();
    server = await startTestServer({ ...STAFF_ENV, SMTP_URL: sink.url, MAIL_FROM: 'site@maplehollow.example' });
    owner = await signIn(server.url);
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  it('e-mails the invitation link (the same the call answers), stored before it is sent', async () => {
    const response = await staffCall(server.url, '/admin/team/invitations', owner, {
      email: 'ivy@example.com',
      role: 'sales',
    });
    expect(response.status).to.equal(201);
    const { link } = (await response.json()) as { link: string };
    await waitFor(() => sink.mails.some((mail) => mail.to.includes('ivy@example.com')));
    const letter = sink.mails.find((mail) => mail.to.includes('ivy@example.com'))!;
    expect(linkIn(letter.raw, '/join')).to.equal(link);
    const row = await server.db('staff_mail').where({ to: 'ivy@example.com' }).first();
    expect(row.sent_at).to.be.a('string');
    expect(row.text, 'the one-use link is not kept once sent').to.equal('');
    expect((await acceptInvitation(link, 'ivy', 'juniper lantern forty')).status).to.equal(303);
  });

  describe('a forgotten password', () => {
    let ivy: Staff;
    before(async () => {
      ivy = await teamMember(server.url, owner, 'marketing', 'ruth', 'crimson ladder eight');
    });

    it('answers the same whether or not the account exists, and e-mails a link only to a real one', async () => {
      const before = sink.mails.length;
      const known = await postForgot(server.url, 'ruth');
      const unknown = await postForgot(server.url, 'nobody-at-all');
      expect(known.status).to.equal(unknown.status);
      const text = (html: string) => html.replace(/<input[^>]*>/g, '').replaceAll('<!-- -->', '');
      expect(text(await known.text())).to.equal(text(await unknown.text()));
      // The reset letter itself: ruth's invitation may still be on its way.
      await waitFor(() => sink.mails.slice(before).some((mail) => isResetLetter(mail.raw)));
      expect(
        sink.mails
          .slice(before)
          .filter((mail) => isResetLetter(mail.raw))
          .map((mail) => mail.to[0]),
      ).to.deep.equal(['ruth@example.com']);
    });

    it('sets a new password once from the link, and ends every session of the account', async () => {
      const before = sink.mails.length;
      await postForgot(server.url, 'ruth@example.com');
      await waitFor(() => sink.mails.slice(before).some((mail) => isResetLetter(mail.raw)));
      const link = linkIn(sink.mails.slice(before).find((mail) => isResetLetter(mail.raw))!.raw, '/login/reset');
      expect((await fetch(link)).status).to.equal(200);
      const refused = await fetch(link, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
        body: new URLSearchParams({ password: 'password1234' }),
      });
      expect(refused.status).to.equal(400);
      const reset = await fetch(link, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
        body: new URLSearchParams({ password: 'tangerine glacier nine' }),
      });
      expect(reset.status).to.equal(303);
      const old = await fetch(`${server.url}/admin`, { redirect: 'manual', headers: { Cookie: ivy.cookie } });
      expect(old.status, 'the session from before the reset').to.be.oneOf([302, 303]);
      expect((await postSignIn(server.url, 'ruth', 'crimson ladder eight')).status).to.equal(401);
      expect((await postSignIn(server.url, 'ruth', 'tangerine glacier nine')).status).to.equal(303);
      expect((await fetch(link)).status, 'a used link').to.equal(410);
      const actions = await server.db('audit_log').where({ target: 'ruth' }).pluck('action');
      expect(actions).to.include.members(['account.password-reset-requested', 'account.password-reset']);
    });
  });
});
