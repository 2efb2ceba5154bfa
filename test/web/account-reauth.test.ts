import { expect } from 'chai';
import type { Staff } from '../support/staff.js';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { enrollTotp, staffCall, teamMember, totpCode } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Decision 042: the account's sensitive changes — turning the authenticator app off, new recovery codes, removing a
 * passkey, a new e-mail address — ask for the current password again, as a JSON call
 * (`password`) and as a plain form. A wrong one changes nothing, says so next to the field, is an audit row and
 * counts against LOGIN_RATE_LIMIT per account.
 */
describe('Re-authentication for sensitive account changes', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Staff;
  let serial = 0;

  before(async () => {
    server = await startTestServer(STAFF_ENV);
    owner = await signIn(server.url);
  });
  after(() => server.close());

  /** A fresh sales account (its own rate-limit count), signed in. */
  async function person(): Promise<{ staff: Staff; username: string; password: string; id: number }> {
    serial += 1;
    const username = `rae${serial}`;
    const password = `juniper lantern ${serial} harbor`;
    const staff = await teamMember(server.url, owner, 'sales', username, password);
    const row = await server.db('users').where({ username }).first();
    return { staff, username, password, id: Number(row.id) };
  }

  function form(staff: Staff, path: string, fields: Record<string, string>): Promise<Response> {
    return fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        Cookie: staff.cookie,
        Origin: server.url,
      },
      body: new URLSearchParams({ _csrf: staff.token, ...fields }),
    });
  }

  const auditRows = (action: string, target: string) =>
    server.db('audit_log').where({ action, target }).orderBy('id') as Promise<{ actor: string; details: string }[]>;

  async function recoveryHashes(id: number): Promise<string[]> {
    const rows = (await server.db('recovery_codes').where({ user_id: id }).orderBy('code_hash')) as {
      code_hash: string;
    }[];
    return rows.map((row) => row.code_hash);
  }

  /** The page a refused form gets: 400, the message under the form's own password field, tied to it. */
  async function expectFieldError(response: Response, fieldId: string, message: RegExp) {
    expect(response.status).to.equal(400);
    const html = await response.text();
    expect(html).to.match(new RegExp(`<span id="${fieldId}-error" class="field-error">[^<]*`));
    expect(/<span id="[^"]+-error" class="field-error">([^<]*)</.exec(html)?.[1]).to.match(message);
    expect(html).to.match(new RegExp(`id="${fieldId}" aria-invalid="true" aria-describedby="${fieldId}-error"`));
  }

  describe('POST /admin/account/two-factor/recovery-codes', () => {
    it('makes new codes with the right password (JSON and form), and none with a wrong one', async () => {
      const { staff, username, password, id } = await person();
      await enrollTotp(server.url, staff);
      const before = await recoveryHashes(id);
      const wrong = await staffCall(server.url, '/admin/account/two-factor/recovery-codes', staff, {
        password: 'not my password at all',
      });
      expect(wrong.status).to.equal(400);
      expect(await wrong.json()).to.deep.equal({
        error: 'This is not your current password.',
        fields: { password: 'This is not your current password.' },
      });
      const missing = await staffCall(server.url, '/admin/account/two-factor/recovery-codes', staff, {});
      expect(missing.status).to.equal(400);
      await expectFieldError(
        await form(staff, '/admin/account/two-factor/recovery-codes', { password: 'wrong again, sorry' }),
        'recovery-codes-password',
        /not your current password/,
      );
      expect(await recoveryHashes(id)).to.deep.equal(before);
      expect(await auditRows('two-factor.recovery-codes', username)).to.have.length(0);
      const failed = await auditRows('account.reauth-failed', username);
      expect(failed).to.have.length(2);
      expect(JSON.parse(failed[0]!.details)).to.deep.equal({ change: 'recovery-codes' });

      const right = await staffCall(server.url, '/admin/account/two-factor/recovery-codes', staff, { password });
      expect(right.status).to.equal(200);
      expect(((await right.json()) as { recoveryCodes: string[] }).recoveryCodes).to.have.length(10);
      const afterJson = await recoveryHashes(id);
      expect(afterJson).to.not.deep.equal(before);
      const page = await form(staff, '/admin/account/two-factor/recovery-codes', { password });
      expect(page.status).to.equal(200);
      expect(await page.text()).to.include('Your recovery codes.');
      expect(await recoveryHashes(id)).to.not.deep.equal(afterJson);
      expect(await auditRows('two-factor.recovery-codes', username)).to.have.length(2);
    });
  });

  describe('POST /admin/account/two-factor/disable', () => {
    it('needs the password and a current code (or a recovery code); either wrong changes nothing', async () => {
      const { staff, username, password, id } = await person();
      const { secret, recoveryCodes } = await enrollTotp(server.url, staff);
      const call = (body: Record<string, string>) =>
        staffCall(server.url, '/admin/account/two-factor/disable', staff, body);
      const wrongPassword = await call({ password: 'not my password at all', code: totpCode(secret) });
      expect(wrongPassword.status).to.equal(400);
      expect(((await wrongPassword.json()) as { fields: object }).fields).to.have.keys('password');
      const wrongCode = await call({ password, code: '000000' });
      expect(wrongCode.status).to.equal(400);
      expect(await wrongCode.json()).to.deep.include({ fields: { code: expectCodeText } });
      const noCode = await call({ password });
      expect(noCode.status).to.equal(400);
      await expectFieldError(
        await form(staff, '/admin/account/two-factor/disable', { password: 'wrong again, sorry', code: '123456' }),
        'app-off-password',
        /not your current password/,
      );
      const codeRefused = await form(staff, '/admin/account/two-factor/disable', { password, code: '999999' });
      expect(codeRefused.status).to.equal(400);
      expect(await codeRefused.text()).to.match(/<span id="app-off-code-error" class="field-error">That code did not/);
      let row = await server.db('users').where({ id }).first();
      expect(row.totp_secret).to.equal(secret);
      expect(await auditRows('two-factor.disabled', username)).to.have.length(0);

      const off = await form(staff, '/admin/account/two-factor/disable', { password, code: recoveryCodes[0]! });
      expect(off.status).to.equal(200);
      expect(await off.text()).to.include('The authenticator app is turned off.');
      row = await server.db('users').where({ id }).first();
      expect(row.totp_secret).to.equal(null);
      expect(await auditRows('two-factor.disabled', username)).to.have.length(1);

      const again = await enrollTotp(server.url, staff);
      const byJson = await call({ password, code: totpCode(again.secret) });
      expect(byJson.status).to.equal(200);
      expect((await server.db('users').where({ id }).first()).totp_secret).to.equal(null);
    });
  });
  const expectCodeText = 'That code did not work. Use the code your app shows now, or an unused recovery code.';

  describe('POST /admin/account/passkeys/<id>/delete', () => {
    async function addPasskey(userId: number, name: string): Promise<number> {
      const [row] = await server
        .db('passkeys')
        .insert({
          user_id: userId,
          credential_id: `credential-${name}-${userId}`,
          public_key: 'AQID',
          name,
          created_at: new Date().toISOString(),
        })
        .returning<{ id: number }[]>('id');
      return Number(row!.id);
    }

    it('removes the passkey with the right password (JSON and form), and keeps it with a wrong one', async () => {
      const { staff, username, password, id } = await person();
      const first = await addPasskey(id, 'Laptop');
      const second = await addPasskey(id, 'Phone');
      const wrong = await staffCall(server.url, `/admin/account/passkeys/${first}/delete`, staff, {
        password: 'not my password at all',
      });
      expect(wrong.status).to.equal(400);
      await expectFieldError(
        await form(staff, `/admin/account/passkeys/${second}/delete`, { password: 'wrong again, sorry' }),
        `passkey-${second}-password`,
        /not your current password/,
      );
      expect(await server.db('passkeys').where({ user_id: id })).to.have.length(2);
      expect(await auditRows('two-factor.passkey-removed', username)).to.have.length(0);

      expect(
        (await staffCall(server.url, `/admin/account/passkeys/${first}/delete`, staff, { password })).status,
      ).to.equal(200);
      expect((await form(staff, `/admin/account/passkeys/${second}/delete`, { password })).status).to.equal(200);
      expect(await server.db('passkeys').where({ user_id: id })).to.have.length(0);
      expect(await auditRows('two-factor.passkey-removed', username)).to.have.length(2);
    });
  });

  describe('POST /admin/account/email', () => {
    it('saves the address with the right password (JSON and form); a wrong one keeps the old and the typed value', async () => {
      const { staff, username, password, id } = await person();
      const wrong = await staffCall(server.url, '/admin/account/email', staff, {
        email: 'thief@example.com',
        password: 'not my password at all',
      });
      expect(wrong.status).to.equal(400);
      const page = await form(staff, '/admin/account/email', {
        email: 'typed@example.com',
        password: 'wrong again, sorry',
      });
      const html = await page.clone().text();
      await expectFieldError(page, 'email-password', /not your current password/);
      expect(html).to.include('value="typed@example.com"');
      const original = `${username}@example.com`;
      expect((await server.db('users').where({ id }).first()).email).to.equal(original);
      expect(await auditRows('account.email', username)).to.have.length(0);

      expect(
        (await staffCall(server.url, '/admin/account/email', staff, { email: 'rae.new@example.com', password })).status,
      ).to.equal(200);
      expect((await server.db('users').where({ id }).first()).email).to.equal('rae.new@example.com');
      expect((await form(staff, '/admin/account/email', { email: 'rae.form@example.com', password })).status).to.equal(
        200,
      );
      expect((await server.db('users').where({ id }).first()).email).to.equal('rae.form@example.com');
      const rows = await auditRows('account.email', username);
      expect(rows.map((row) => JSON.parse(row.details) as unknown)).to.deep.equal([
        { email: [original, 'rae.new@example.com'] },
        { email: ['rae.new@example.com', 'rae.form@example.com'] },
      ]);
    });

    it('does not count a bad address typed with the right password as a wrong password', async () => {
      const { staff, password } = await person();
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await staffCall(server.url, '/admin/account/email', staff, { email: 'nope', password });
        expect(response.status, `attempt ${attempt + 1}`).to.equal(400);
        expect(((await response.json()) as { fields: object }).fields).to.have.keys('email');
      }
    });
  });

  describe('POST /admin/account/calendar-token', () => {
    const tokenOf = async (username: string) =>
      ((await server.db('calendar_tokens').where({ username }).first()) as { token: string } | undefined)?.token;

    it('replaces the address without asking for the password (JSON and form): a leaked address is stopped at once', async () => {
      const { staff, username } = await person();
      const shown = await (await fetch(`${server.url}/admin/account`, { headers: { Cookie: staff.cookie } })).text();
      expect(shown).to.include('action="/admin/account/calendar-token"');
      expect(shown).to.not.include('id="calendar-password"');
      const old = await tokenOf(username);
      expect(old).to.be.a('string');
      const right = await staffCall(server.url, '/admin/account/calendar-token', staff, {});
      expect(right.status).to.equal(201);
      const { url } = (await right.json()) as { url: string };
      const fresh = await tokenOf(username);
      expect(fresh).to.not.equal(old);
      expect(url).to.include(`token=${fresh}`);
      expect((await fetch(`${server.url}/admin/tours.ics?token=${old}`)).status).to.equal(404);
      const byForm = await form(staff, '/admin/account/calendar-token', {});
      expect(byForm.status).to.equal(303);
      expect(byForm.headers.get('location')).to.equal('/admin/account?done=calendar#calendar-feed-heading');
      expect(await tokenOf(username)).to.not.equal(fresh);
      expect(await auditRows('account.calendar-token', username)).to.have.length(2);
    });

    it('links from /admin/tours to the account page instead of replacing there', async () => {
      const { staff } = await person();
      const html = await (await fetch(`${server.url}/admin/tours`, { headers: { Cookie: staff.cookie } })).text();
      expect(html).to.include('href="/admin/account#calendar-feed-heading"');
      expect(html).to.not.include('action="/admin/account/calendar-token"');
    });
  });

  describe('wrong passwords count against LOGIN_RATE_LIMIT', () => {
    it('answers 429 after five wrong passwords, even to the right one, and changes nothing', async () => {
      const { staff, username, password, id } = await person();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await staffCall(server.url, '/admin/account/email', staff, {
          email: 'x@example.com',
          password: `wrong ${attempt} password`,
        });
        expect(response.status).to.equal(400);
      }
      // The password change's wrong current password counts toward the same limit.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await staffCall(server.url, '/admin/account/password', staff, {
          current: `wrong ${attempt} current`,
          password: 'walnut sailboat seventy three',
        });
        expect(response.status).to.equal(400);
      }
      const limited = await staffCall(server.url, '/admin/account/email', staff, {
        email: 'x@example.com',
        password,
      });
      expect(limited.status).to.equal(429);
      expect(limited.headers.get('retry-after')).to.match(/^\d+$/);
      expect(((await limited.json()) as { error: string }).error).to.match(/Too many wrong passwords/);
      const page = await form(staff, '/admin/account/email', { email: 'x@example.com', password });
      expect(page.status).to.equal(429);
      expect(await page.text()).to.match(/<span id="email-password-error" class="field-error">Too many wrong/);
      expect((await server.db('users').where({ id }).first()).email).to.equal(`${username}@example.com`);
      // Another account is not held back by this one's count.
      const other = await person();
      expect(
        (
          await staffCall(server.url, '/admin/account/email', other.staff, {
            email: 'other@example.com',
            password: other.password,
          })
        ).status,
      ).to.equal(200);
    });
  });

  describe('enrollment stays as the contract has it', () => {
    it('starts and confirms the authenticator app without a password', async () => {
      const { staff } = await person();
      const { secret, recoveryCodes } = await enrollTotp(server.url, staff);
      expect(secret).to.match(/^[A-Z2-7]+=*$/);
      expect(recoveryCodes).to.have.length(10);
    });
  });
});
