import { expect } from 'chai';
import { signIn, STAFF_ENV } from '../support/staff.js';
import { teamMember } from '../support/team.js';
import { openPage, useBrowserSuite } from './support.js';

/**
 * A passkey on Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): added on the account page,
 * then used for the second step of a sign-in. WebAuthn needs a host name for the relying party (an IP address
 * is not one), so the browser visits localhost.
 */
describe('Passkeys in the browser', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite(STAFF_ENV);

  it('adds a passkey on /admin/account and passes the second step of a sign-in with it', async () => {
    const origin = suite.server.url.replace('127.0.0.1', 'localhost');
    const owner = await signIn(suite.server.url);
    await teamMember(suite.server.url, owner, 'sales', 'pia', 'marigold engine twenty');
    const { page, context, problems } = await openPage(suite);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const signInWithPassword = async () => {
      await page.goto(`${origin}/login`);
      await page.getByLabel('Username').fill('pia');
      await page.getByLabel('Password').fill('marigold engine twenty');
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await signInWithPassword();
    await page.waitForURL(`${origin}/admin`);
    await page.goto(`${origin}/admin/account`);
    await page.getByLabel('Name of the new passkey').fill('virtual key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('virtual key, added').waitFor();
    expect(await suite.server.db('passkeys').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
    // The account's only second factor: its recovery codes come with it, shown once, as with the app.
    expect(await page.locator('.recovery-codes li').count()).to.equal(10);
    expect(await suite.server.db('recovery_codes').count({ n: '*' }).first()).to.deep.equal({ n: 10 });
    await page.reload();
    expect(await page.locator('.recovery-codes li').count()).to.equal(0);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${origin}/login`);
    await signInWithPassword();
    await page.waitForURL(`${origin}/login/two-factor`);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${origin}/admin`);
    expect(await page.getByText('Signed in as pia').count()).to.equal(1);
    const signIns = await suite.server.db('audit_log').where({ action: 'sign-in', actor: 'pia' }).pluck('details');
    expect(signIns.map((details: string) => JSON.parse(details).method)).to.include('passkey');
    expect(problems).to.deep.equal([]);
  });
});
